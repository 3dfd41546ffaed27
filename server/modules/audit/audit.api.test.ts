import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../contracts/audit';
import { en, fr } from '../../../locales';
import { withTestApp } from '../../../tests/support/api-fixture';
import { importSteps } from '../../../tests/support/spreadsheet-import';
import {
  type ApiClient,
  type ApiResponse,
  buildActivity,
  buildProject,
  signIn,
} from '../../../tests/support/test-app';
import { auditEvents, projects } from '../../db/schema';
import { DEMO_EDITOR, DEMO_READER } from '../../seed/demo';
import { insertRole } from '../participants/fixtures';
import { insertSale } from '../sales/fixtures';
import { purgeExpiredEvents } from './service';

/** Issue 22: the audit log (docs/audit.md), on both engines. */
const { t, camille, jordan } = withTestApp({ env: { AUDIT_RETENTION_DAYS: '30' } });
const { upload, dryRun, saveImport } = importSteps(() => t.app);

let project: { id: string };
let roleId: string;

beforeAll(async () => {
  project = await buildProject(camille);
  roleId = await insertRole(t.database.db, project.id, 'Acheteur', 'Buyer');
});

async function events(client: ApiClient, query: string): Promise<AuditEvent[]> {
  const response = await client.get(`/api/audit?pageSize=100&${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items;
}
const ofProject = (query = '') => events(camille, `project=${project.id}&${query}`);
const ok = (response: ApiResponse) => {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};

describe('the audit log (issue 22)', () => {
  it('records participants’ changes with their author and the names of the fields, never their values', async () => {
    const email = `lea.${randomUUID().slice(0, 6)}@example.test`;
    const body = { roleId, firstName: 'Léa', lastName: 'Roy', email, language: 'fr' };
    const made = ok(await camille.post(`/api/projects/${project.id}/participants`, body));
    ok(
      await camille.put(`/api/projects/${project.id}/participants/${made.id}`, {
        ...body,
        lastName: 'Roy-Martin',
        organisation: 'Boréal inc.',
      }),
    );
    const other = ok(
      await camille.post(`/api/projects/${project.id}/participants`, { ...body, email: `x.${email}` }),
    );
    ok(await camille.post(`/api/projects/${project.id}/participants/delete`, { ids: [other.id] }));

    const log = await ofProject('entity=participant');
    const update = log.find((e) => e.action === 'update' && e.entityId === made.id);
    expect(update).toMatchObject({
      actorName: 'Camille Gagnon',
      entityLabel: 'Léa Roy-Martin',
      count: 1,
    });
    expect(update?.fields.sort()).toEqual(['lastName', 'organisation']);
    expect(JSON.stringify(log)).not.toContain('Boréal inc.');
    expect(log.find((e) => e.action === 'create' && e.entityId === made.id)?.entityLabel).toBe('Léa Roy');
    expect(log.find((e) => e.action === 'delete')).toMatchObject({ entityId: other.id, count: 1 });
    // Newest first.
    expect(log[0].action).toBe('delete');
  });

  it('records an import as one event with its count', async () => {
    const csv = [
      'email,first name,last name,role',
      'a1@imp.test,Ana,Un,Acheteur',
      'a2@imp.test,Bo,Deux,Acheteur',
    ];
    const uploaded = await upload(camille, project.id, csv.join('\n'), 'liste.csv');
    await dryRun(camille, project.id, uploaded.body.id);
    expect((await saveImport(camille, project.id, uploaded.body.id)).body.status).toBe('done');
    expect(await ofProject('action=import')).toEqual([
      expect.objectContaining({ entity: 'participant', entityLabel: 'liste.csv', count: 2 }),
    ]);
  });

  it('records activities, payments and sales (a refund too)', async () => {
    const activity = await buildActivity(camille, project.id, {
      title: { fr: 'Atelier A', en: 'Workshop A' },
    });
    ok(
      await camille.put(`/api/projects/${project.id}/activities/${activity.id}`, {
        title: { fr: 'Atelier B', en: 'Workshop A' },
        startsAt: '2027-06-01T09:00',
        durationMinutes: 60,
      }),
    );
    ok(await camille.delete(`/api/projects/${project.id}/activities/${activity.id}`));
    const activities = await ofProject('entity=activity&sort=at&dir=asc');
    expect(activities.map((e) => [e.action, e.entityLabel])).toEqual([
      ['create', 'Atelier A'],
      ['update', 'Atelier B'],
      ['delete', 'Atelier B'],
    ]);
    expect(activities[1].fields).toContain('title.fr');
    expect(activities[1].fields).not.toContain('title.en');

    const payment = ok(
      await camille.post(`/api/projects/${project.id}/payments`, {
        kind: 'registration',
        name: { fr: 'Inscription', en: 'Registration' },
        description: { fr: '', en: '' },
        priceCents: 1000,
      }),
    );
    ok(await camille.delete(`/api/projects/${project.id}/payments/${payment.id}`));
    expect((await ofProject('entity=payment')).map((e) => e.action)).toEqual(['delete', 'create']);

    const { sale } = await insertSale(t.database.db, project.id, { buyerName: 'Zoé Acheteuse' });
    ok(
      await camille.post(`/api/projects/${project.id}/sales/${sale.id}/refunds`, {
        itemId: null,
        full: true,
        idempotencyKey: randomUUID(),
      }),
    );
    expect(await ofProject('entity=sale')).toEqual([
      expect.objectContaining({ action: 'refund', entityLabel: 'Zoé Acheteuse', entityId: sale.id }),
    ]);
  });

  it('records access changes and users, at the company’s level or on the project granted', async () => {
    const invited = ok(
      await camille.post('/api/users/invitations', {
        firstName: 'Noé',
        lastName: 'Invité',
        email: `noe.${randomUUID().slice(0, 6)}@example.test`,
        role: 'organiser',
        locale: 'fr',
      }),
    );
    const grant = {
      role: 'organiser',
      allProjects: false,
      projects: [{ projectId: project.id, role: 'readonly' }],
    };
    ok(await camille.put(`/api/access/users/${invited.id}`, grant));
    ok(await camille.delete(`/api/access/users/${invited.id}/projects/${project.id}`));
    ok(await camille.delete(`/api/users/${invited.id}`));

    const log = await events(camille, `q=${encodeURIComponent('Noé Invité')}&sort=at&dir=asc`);
    const seen = log.map((e) => [e.entity, e.action, e.projectId, e.fields]);
    // The role change and the grant were one save (one transaction, one instant): in either order.
    expect(seen).toHaveLength(5);
    expect(seen[0]).toEqual(['user', 'invite', null, ['role']]);
    expect(seen.slice(1, 3)).toEqual(
      expect.arrayContaining([
        ['access', 'update', null, ['allProjects']],
        ['access', 'grant', project.id, ['role']],
      ]),
    );
    expect(seen.slice(3)).toEqual([
      ['access', 'revoke', project.id, []],
      ['user', 'delete', null, []],
    ]);
  });

  it('leaves no event for a change rolled back, and no change without its event', async () => {
    const before = (await ofProject()).length;
    const refused = await camille.put(`/api/projects/${project.id}/participants/${randomUUID()}`, {
      roleId,
      firstName: 'Nul',
      lastName: 'Part',
      email: 'nul@example.test',
    });
    expect(refused.status).toBe(404);
    // The event's insert fails: the participant it recorded is not there either.
    await t.database.sql.exec(`
      create or replace function audit_test_boom() returns trigger language plpgsql as $$
      begin raise exception 'boom'; end $$;
      create trigger audit_test_boom before insert on audit_events for each row execute function audit_test_boom();
    `);
    try {
      const body = { roleId, firstName: 'Sans', lastName: 'Trace', email: 'sans.trace@example.test' };
      expect((await camille.post(`/api/projects/${project.id}/participants`, body)).status).toBe(500);
    } finally {
      await t.database.sql.exec('drop trigger audit_test_boom on audit_events');
    }
    const list = ok(await camille.get(`/api/projects/${project.id}/participants?q=Trace`));
    expect(list.total).toBe(0);
    expect((await ofProject()).length).toBe(before);
  });

  it('is for administrators only (translated 403), and never shows another company’s events', async () => {
    for (const [email, language] of [
      [DEMO_EDITOR, 'fr'],
      [DEMO_READER, 'en'],
    ] as const) {
      const user = await signIn(t.app, email);
      await user.put(`/api/users/${user.user.id}/settings`, { locale: language, lastProjectId: null });
      const refused = await user.get('/api/audit');
      expect(refused.status).toBe(403);
      expect(refused.body.title).toBe((language === 'fr' ? fr : en).errors.access.adminOnly);
    }
    const theirs = await buildProject(jordan);
    await buildActivity(jordan, theirs.id);
    const seen = await events(jordan, '');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((e) => e.projectId === theirs.id)).toBe(true);
    expect((await events(camille, `project=${theirs.id}`)).length).toBe(0);
    expect((await events(camille, '')).some((e) => e.projectId === theirs.id)).toBe(false);
  });

  it('filters by author, record, action and days (in the project’s zone); pages; refuses a bad filter', async () => {
    const actors: { id: string; name: string }[] = ok(await camille.get('/api/audit/actors'));
    const me = actors.find((a) => a.name === 'Camille Gagnon');
    expect(me).toBeDefined();
    expect((await events(camille, `actor=${me?.id}&project=${project.id}`)).length).toBeGreaterThan(5);
    expect(await events(camille, `actor=${randomUUID()}`)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await ofProject(`from=${today}&to=${today}`)).length).toBeGreaterThan(0);
    expect(await ofProject('to=2020-01-01')).toEqual([]);
    const page = ok(await camille.get(`/api/audit?project=${project.id}&pageSize=25&page=1`));
    expect(page.items.length).toBeLessThanOrEqual(25);
    expect(page.total).toBeGreaterThan(5);

    const bad = await camille.get('/api/audit?entity=planet&from=hier');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['entity', 'from']);
    expect(bad.body.fields[0].message).toMatch(/Choisissez|Entrez/);

    const csv = await camille.get(`/api/audit/export.csv?project=${project.id}&entity=activity`);
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(String(csv.body)).toContain('Atelier B');
    expect(String(csv.body).split('\n')[0]).toContain('Champs modifiés');
  });

  it('forgets the events older than AUDIT_RETENTION_DAYS', async () => {
    const [{ companyId }] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
    const old = new Date(t.deps.now().getTime() - 31 * 86_400_000);
    await t.database.db.insert(auditEvents).values({
      companyId,
      projectId: project.id,
      actorName: 'Ancien',
      at: old,
      entity: 'participant',
      action: 'update',
      entityLabel: 'Très ancien',
    });
    expect((await ofProject('q=ancien')).length).toBe(1);
    expect(await purgeExpiredEvents(t.deps)).toBe(1);
    expect(await ofProject('q=ancien')).toEqual([]);
    expect((await ofProject()).length).toBeGreaterThan(0);
  });
});
