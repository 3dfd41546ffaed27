import { describe, expect, it } from 'vitest';
import type { AccessUser } from '../../../contracts/access';
import { en, fr } from '../../../locales';
import { withTestApp } from '../../../tests/support/api-fixture';
import { signIn } from '../../../tests/support/test-app';
import { DEMO_EDITOR, DEMO_ORGANISER, DEMO_PROJECT_ORGANISER, DEMO_READER } from '../../seed/demo';

const { t, camille, jordan } = withTestApp();

async function userByEmail(email: string): Promise<AccessUser> {
  const response = await camille.get(`/api/access/users?q=${encodeURIComponent(email)}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items.find((u: AccessUser) => u.email === email);
}

async function projectIds(): Promise<string[]> {
  const response = await camille.get('/api/access/projects');
  return response.body.items.map((p: { id: string }) => p.id);
}

describe('the access page (A4)', () => {
  it('lists the company’s users with their role and project scope, never another company’s', async () => {
    const response = await camille.get('/api/access/users?pageSize=100&sort=name');
    expect(response.status).toBe(200);
    const emails = response.body.items.map((u: AccessUser) => u.email);
    expect(emails).toEqual(expect.arrayContaining([DEMO_ORGANISER, DEMO_EDITOR, DEMO_READER]));
    expect(emails).not.toContain('gestion@boreal.test');
    const restricted = response.body.items.find((u: AccessUser) => u.email === DEMO_PROJECT_ORGANISER);
    expect(restricted).toMatchObject({ role: 'organiser', allProjects: false });
    expect(restricted.projects).toEqual([
      expect.objectContaining({ role: 'organiser', nameFr: expect.any(String), nameEn: expect.any(String) }),
    ]);
    expect((await jordan.get('/api/access/users')).body.items.map((u: AccessUser) => u.email)).toEqual([
      'gestion@boreal.test',
    ]);
  });

  it('restricts a colleague to one project, read-only: they read it, cannot change it, and do not see the others', async () => {
    const [first, second] = await projectIds();
    const editor = await userByEmail(DEMO_EDITOR);
    const colleague = await signIn(t.app, DEMO_EDITOR);
    expect((await colleague.get(`/api/projects/${second}`)).status).toBe(200);

    const saved = await camille.put(`/api/access/users/${editor.id}`, {
      role: 'organiser',
      allProjects: false,
      projects: [{ projectId: first, role: 'readonly' }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ role: 'organiser', allProjects: false });
    expect(saved.body.projects).toEqual([expect.objectContaining({ projectId: first, role: 'readonly' })]);

    // The change takes effect at the colleague's next call (this app forgets its sessions on every change).
    expect((await colleague.get(`/api/projects/${first}`)).status).toBe(200);
    expect((await colleague.get(`/api/projects/${second}`)).status).toBe(404);
    const edit = await colleague.post(`/api/projects/${first}/activation`, { isActive: true });
    expect(edit.status).toBe(403);
    expect(edit.body).toMatchObject({ code: 'access.readOnly', title: fr.errors.access.readOnly });
    const session = await colleague.get('/api/session');
    expect(session.body.user.access).toEqual({
      isSuperAdmin: false,
      role: 'organiser',
      allProjects: false,
      projects: [{ projectId: first, role: 'readonly' }],
    });

    // Revoked: the project is gone for them too.
    const revoked = await camille.delete(`/api/access/users/${editor.id}/projects/${first}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.projects).toEqual([]);
    expect((await colleague.get(`/api/projects/${first}`)).status).toBe(404);
    expect((await camille.delete(`/api/access/users/${editor.id}/projects/${first}`)).status).toBe(404);

    // Back to every project.
    await camille.put(`/api/access/users/${editor.id}`, {
      role: 'organiser',
      allProjects: true,
      projects: [],
    });
    expect((await colleague.get(`/api/projects/${second}`)).status).toBe(200);
  });

  it('a colleague restricted to some projects works in the projects they create (form and wizard), and only those', async () => {
    const restricted = await signIn(t.app, DEMO_PROJECT_ORGANISER);
    const before = (await restricted.get('/api/projects?pageSize=100')).body.total as number;
    const dates = {
      startsOn: '2028-04-01',
      endsOn: '2028-04-02',
      timeZone: 'America/Toronto',
      defaultLanguage: 'fr',
    };
    const byForm = await restricted.post('/api/projects', {
      nameFr: 'Salon des artisans',
      nameEn: 'Craft fair',
      externalDashboardUrl: '',
      ...dates,
    });
    expect(byForm.status, JSON.stringify(byForm.body)).toBe(200);
    const byWizard = await restricted.post('/api/wizards/project', {
      nameFr: 'Forum des régions',
      nameEn: 'Regions forum',
      languages: ['fr', 'en'],
      modules: [],
      logoFileId: null,
      bannerFileId: null,
      ...dates,
    });
    expect(byWizard.status, JSON.stringify(byWizard.body)).toBe(200);

    for (const id of [byForm.body.id, byWizard.body.id]) {
      expect((await restricted.get(`/api/projects/${id}`)).status).toBe(200);
      const edit = await restricted.post(`/api/projects/${id}/activation`, { isActive: false });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    }
    expect((await restricted.get('/api/projects?pageSize=100')).body.total).toBe(before + 2);
    const shown = await userByEmail(DEMO_PROJECT_ORGANISER);
    expect(shown.projects.map((p) => p.projectId)).toEqual(
      expect.arrayContaining([byForm.body.id, byWizard.body.id]),
    );
    expect(shown).toMatchObject({ allProjects: false });
  });

  it('refuses to demote the company’s last administrator, naming why (fr and en)', async () => {
    const me = await userByEmail(DEMO_ORGANISER);
    const refused = await camille.put(`/api/access/users/${me.id}`, {
      role: 'readonly',
      allProjects: true,
      projects: [],
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'access.lastAdministrator',
      title: fr.errors.access.lastAdministrator,
    });
    const jordanSelf = (await jordan.get('/api/access/users')).body.items[0];
    const english = await jordan.put(`/api/access/users/${jordanSelf.id}`, {
      role: 'organiser',
      allProjects: true,
      projects: [],
    });
    expect(english.body.title).toBe(en.errors.access.lastAdministrator);

    // With a second administrator, the first may step down.
    const reader = await userByEmail(DEMO_READER);
    await camille.put(`/api/access/users/${reader.id}`, {
      role: 'administrator',
      allProjects: true,
      projects: [],
    });
    const demoted = await camille.put(`/api/access/users/${me.id}`, {
      role: 'organiser',
      allProjects: true,
      projects: [],
    });
    expect(demoted.status).toBe(200);
    expect((await camille.get('/api/access/users')).status).toBe(403);
    const newAdmin = await signIn(t.app, DEMO_READER);
    await newAdmin.put(`/api/access/users/${me.id}`, {
      role: 'administrator',
      allProjects: true,
      projects: [],
    });
    await newAdmin.put(`/api/access/users/${reader.id}`, {
      role: 'readonly',
      allProjects: true,
      projects: [],
    });
    expect((await camille.get('/api/access/users')).status).toBe(200);
  });

  it('refuses a project of another company and an unknown role with field errors', async () => {
    const editor = await userByEmail(DEMO_EDITOR);
    const borealProject = (await jordan.get('/api/projects?status=all')).body.items[0].id;
    const foreign = await camille.put(`/api/access/users/${editor.id}`, {
      role: 'organiser',
      allProjects: false,
      projects: [{ projectId: borealProject, role: 'organiser' }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual([
      expect.objectContaining({ field: 'projects.0.projectId', code: 'validation.access.unknownProject' }),
    ]);
    const badRole = await camille.put(`/api/access/users/${editor.id}`, {
      role: 'owner',
      allProjects: true,
      projects: [],
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.fields[0]).toMatchObject({ field: 'role', code: 'validation.role' });
  });

  it('takes a revoked right away from another instance within SESSION_RECHECK_SECONDS (0 here: at once)', async () => {
    const recheck = t.deps.config.session.recheckSeconds;
    t.deps.config.session.recheckSeconds = 0;
    const reader = await signIn(t.app, DEMO_READER);
    const readerRow = await userByEmail(DEMO_READER);
    const [first] = await projectIds();
    // Changed behind the app's back (another instance, SQL): no change went through this app.
    await t.database.sql.query(`update users set all_projects = false where id = $1`, [readerRow.id]);
    expect((await reader.get(`/api/projects/${first}`)).status).toBe(404);
    await t.database.sql.query(`update users set all_projects = true where id = $1`, [readerRow.id]);
    t.deps.config.session.recheckSeconds = recheck;
  });
});
