import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../contracts/audit';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiResponse, buildProject } from '../../../tests/support/test-app';

/**
 * Issue 22, the screens covered second (docs/audit.md): roles, groups, questions and their choices, campaigns, the
 * project's configuration and profile fields — one case each, on both engines.
 */
const { t, camille } = withTestApp();

let project: { id: string; nameFr: string };
const at = (path = '') => `/api/projects/${project.id}${path}`;

beforeAll(async () => {
  project = await buildProject(camille);
});

const ok = (response: ApiResponse) => {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};

/** The project's events of one kind, oldest first, as [action, name, fields, count]. */
async function logOf(entity: string, projectId = project.id) {
  const body = ok(
    await camille.get(`/api/audit?pageSize=100&project=${projectId}&entity=${entity}&sort=at&dir=asc`),
  );
  return (body.items as AuditEvent[]).map((e) => [e.action, e.entityLabel, e.fields, e.count]);
}

describe('the audit log, second part (issue 22)', () => {
  it('records roles, a deletion that moves participants as one bulk change, and the default role', async () => {
    const role = ok(await camille.post(at('/roles'), { name: { fr: 'Exposant', en: 'Exhibitor' } }));
    const other = ok(await camille.post(at('/roles'), { name: { fr: 'Visiteur', en: 'Visitor' } }));
    ok(await camille.put(at(`/roles/${role.id}`), { name: { fr: 'Exposante', en: 'Exhibitor' } }));
    const person = { roleId: role.id, firstName: 'Léa', lastName: 'Roy', email: 'lea.role@example.test' };
    ok(await camille.post(at('/participants'), person));
    ok(await camille.put(at('/role-defaults'), { defaultRoleId: other.id, defaultPersonaRoleId: null }));
    ok(await camille.delete(at(`/roles/${role.id}`), { moveTo: other.id }));

    expect(await logOf('role')).toEqual([
      ['create', 'Exposant', [], 1],
      ['create', 'Visiteur', [], 1],
      ['update', 'Exposante', ['name.fr'], 1],
      ['delete', 'Exposante', [], 1],
    ]);
    expect((await logOf('participant')).at(-1)).toEqual(['update', '', ['role'], 1]);
    expect(await logOf('project')).toContainEqual(['update', project.nameFr, ['defaultRoleId'], 1]);
  });

  it('records group categories, groups and their members (a count, never the names)', async () => {
    const category = ok(
      await camille.post(at('/group-categories'), { name: { fr: 'Secteurs', en: 'Sectors' } }),
    );
    const made = ok(
      await camille.post(at('/groups'), { categoryId: category.id, name: { fr: 'Forêt', en: 'Forest' } }),
    );
    const body = { categoryId: category.id, name: { fr: 'Forêts', en: 'Forest' } };
    ok(await camille.put(at(`/groups/${made.id}`), body));
    const person = ok(
      await camille.post(at('/participants'), {
        roleId: (await camille.get(at('/roles'))).body.items[0].id,
        firstName: 'Zoé',
        lastName: 'Membre',
        email: 'zoe.membre@example.test',
      }),
    );
    ok(await camille.post(at(`/groups/${made.id}/members`), { participantIds: [person.id] }));
    ok(await camille.delete(at(`/groups/${made.id}/members/${person.id}`)));
    ok(await camille.delete(at(`/groups/${made.id}`)));

    expect(await logOf('groupCategory')).toEqual([['create', 'Secteurs', [], 1]]);
    expect(await logOf('group')).toEqual([
      ['create', 'Forêt', [], 1],
      ['update', 'Forêts', ['name.fr'], 1],
      ['update', 'Forêts', ['members'], 1],
      ['update', 'Forêts', ['members'], 1],
      ['delete', 'Forêts', [], 1],
    ]);
    const log = JSON.stringify(await logOf('group'));
    expect(log).not.toContain('Zoé');
  });

  it('records questions: their tabs, their lists and their deletion', async () => {
    const q = ok(
      await camille.post(at('/questions'), { title: { fr: 'Langues', en: 'Languages' }, kind: 'single' }),
    );
    ok(
      await camille.put(at(`/questions/${q.id}/settings`), {
        title: { fr: 'Langues parlées', en: 'Languages' },
        help: { fr: 'Cochez', en: '' },
        kind: 'single',
        maxChoices: null,
        isMandatory: false,
      }),
    );
    ok(await camille.put(at(`/questions/${q.id}/status`), { status: 'archived' }));
    ok(
      await camille.post(at(`/questions/${q.id}/categories`), {
        label: { fr: 'Officielles', en: 'Official' },
      }),
    );
    ok(await camille.delete(at(`/questions/${q.id}`)));

    expect(await logOf('question')).toEqual([
      ['create', 'Langues', [], 1],
      ['update', 'Langues parlées', ['title.fr', 'help.fr'], 1],
      ['update', 'Langues parlées', ['status'], 1],
      ['update', 'Langues parlées', ['categories'], 1],
      ['delete', 'Langues parlées', [], 1],
    ]);
  });

  it('records choices one by one, and an import as one event with its count', async () => {
    const q = ok(
      await camille.post(at('/questions'), { title: { fr: 'Régions', en: 'Regions' }, kind: 'multiple' }),
    );
    const choices = at(`/questions/${q.id}/choices`);
    const made = ok(await camille.post(choices, { label: { fr: 'Estrie', en: 'Estrie' }, categoryId: null }));
    const id = made.choices[0].id;
    ok(
      await camille.put(`${choices}/${id}`, {
        label: { fr: 'Estrie', en: 'Eastern Townships' },
        categoryId: null,
      }),
    );
    const form = new FormData();
    form.append('text', 'Gaspésie\nMauricie\nEstrie');
    form.append('save', 'true');
    const imported = await t.app.inject({
      method: 'POST',
      url: `${choices}/import`,
      payload: form,
      cookies: { ...camille.cookies },
      headers: { 'x-csrf-token': camille.csrfToken },
    });
    expect(imported.json().saved).toBe(2);
    ok(await camille.delete(`${choices}/${id}`));

    expect(await logOf('choice')).toEqual([
      ['create', 'Estrie', [], 1],
      ['update', 'Estrie', ['label.en'], 1],
      ['import', 'Régions', [], 2],
      ['delete', 'Estrie', [], 1],
    ]);
  });

  it('records campaigns sent, planned and cancelled', async () => {
    const draft = {
      subject: { fr: 'Rappel', en: 'Reminder' },
      body: { fr: '<p>À bientôt</p>', en: '<p>See you</p>' },
      audience: {},
    };
    const sent = ok(await camille.post(at('/campaigns'), draft));
    const planned = ok(
      await camille.post(at('/campaigns'), {
        ...draft,
        subject: { fr: 'Plus tard', en: 'Later' },
        plannedAt: '2099-01-10T10:00',
      }),
    );
    ok(await camille.post(at(`/campaigns/${planned.id}/cancel`)));
    // The sending runs beside the request: let it end before the next case.
    for (
      let i = 0;
      i < 100 && (await camille.get(at(`/campaigns/${sent.id}`))).body.status === 'sending';
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    expect(await logOf('campaign')).toEqual([
      ['send', 'Rappel', [], 1],
      ['plan', 'Plus tard', [], 1],
      ['cancel', 'Plus tard', [], 1],
    ]);
  });

  it('records the project’s configuration: made, general tab, options, colours, activation', async () => {
    const made = await buildProject(camille, { nameFr: 'Salon du bois', nameEn: 'Wood fair' });
    ok(
      await camille.put(`/api/projects/${made.id}`, {
        nameFr: 'Salon du bois',
        nameEn: 'Wood fair',
        startsOn: '2027-06-01',
        endsOn: '2027-06-03',
        timeZone: 'America/Toronto',
        defaultLanguage: 'fr',
        languages: ['fr', 'en'],
        projectEmail: 'info@bois.example',
        supportEmail: '',
        externalDashboardUrl: '',
      }),
    );
    ok(await camille.put(`/api/projects/${made.id}/options`, { optionId: 54, value: true }));
    ok(await camille.put(`/api/projects/${made.id}/colours`, { bannerTextColor: '#010203' }));
    ok(await camille.post(`/api/projects/${made.id}/activation`, { isActive: false }));

    expect(await logOf('project', made.id)).toEqual([
      ['create', 'Salon du bois', [], 1],
      ['update', 'Salon du bois', ['endsOn', 'projectEmail'], 1],
      ['update', 'Salon du bois', ['options.taxes'], 1],
      ['update', 'Salon du bois', ['bannerTextColor'], 1],
      ['update', 'Salon du bois', ['isActive'], 1],
    ]);
    expect(JSON.stringify(await logOf('project', made.id))).not.toContain('info@bois.example');
  });

  it('records profile fields: made, renamed, switched, their items, deleted', async () => {
    const url = at('/profile-fields');
    const field = ok(
      await camille.post(url, {
        title: { fr: 'Taille', en: 'Size' },
        inputType: 'choice',
        itemLabels: [{ fr: 'Petit', en: 'Small' }],
      }),
    );
    ok(await camille.put(`${url}/${field.id}`, { title: { fr: 'Taille de chandail', en: 'Size' } }));
    ok(await camille.patch(`${url}/${field.id}`, { name: 'isMandatory', value: true }));
    ok(await camille.post(`${url}/${field.id}/items`, { label: { fr: 'Grand', en: 'Large' } }));
    ok(await camille.delete(`${url}/${field.id}`));

    expect(await logOf('profileField')).toEqual([
      ['create', 'Taille', [], 1],
      ['update', 'Taille de chandail', ['title.fr'], 1],
      ['update', 'Taille de chandail', ['isMandatory'], 1],
      ['update', 'Taille de chandail', ['items'], 1],
      ['delete', 'Taille de chandail', [], 1],
    ]);
  });
});
