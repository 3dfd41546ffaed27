import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as companyEndpoints from '../../../contracts/companies';
import type { Endpoint } from '../../../contracts/http';
import { withTestApp } from '../../../tests/support/api-fixture';
import { anonymous, buildCompany, buildProject, signIn } from '../../../tests/support/test-app';
import { projects, users } from '../../db/schema';
import { DEMO_ORGANISER, DEMO_PASSWORD, SECOND_COMPANY_USER } from '../../seed/demo';
import { hashPassword } from '../users/passwords';
import { insertUser } from '../users/repository';

type Company = {
  id: string;
  name: string;
  archivedAt: string | null;
  projectCount: number;
  userCount: number;
};

let demo: Company;
let boreal: Company;

const { t, superAdmin } = withTestApp({ users: ['superAdmin'] });
beforeAll(async () => {
  const list = await superAdmin.get('/api/companies?status=all&pageSize=100');
  demo = list.body.items.find((c: Company) => c.name === 'Événements Maillage (démo)');
  boreal = list.body.items.find((c: Company) => c.name === 'Congrès Boréal');
});

async function listNames(query: string): Promise<string[]> {
  const response = await superAdmin.get(`/api/companies?pageSize=100${query}`);
  expect(response.status).toBe(200);
  return response.body.items.map((c: Company) => c.name);
}

describe('companies (A3, super-admin)', () => {
  it('lists companies with their counts', async () => {
    const response = await superAdmin.get('/api/companies');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ page: 1, pageSize: 25 });
    expect(demo).toMatchObject({ archivedAt: null, userCount: 5, projectCount: 28 });
    expect(boreal).toMatchObject({ archivedAt: null, userCount: 1, projectCount: 2 });
    expect(await listNames('&q=boréal')).toEqual(['Congrès Boréal']);
    const byProjects = await superAdmin.get('/api/companies?sort=projectCount&dir=desc');
    expect(byProjects.body.items.map((c: Company) => c.projectCount)).toEqual(
      byProjects.body.items.map((c: Company) => c.projectCount).sort((a: number, b: number) => b - a),
    );
    expect(byProjects.body.items[0].name).toBe(demo.name);
  });

  it('creates a company', async () => {
    const response = await superAdmin.post('/api/companies', {
      name: '  Salon nordique  ',
      contactEmail: 'Info@Nordique.test',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Salon nordique',
      contactEmail: 'Info@Nordique.test',
      isDemo: false,
      archivedAt: null,
      projectCount: 0,
      userCount: 0,
    });
    expect((await superAdmin.get(`/api/companies/${response.body.id}`)).body.name).toBe('Salon nordique');
    expect(await listNames('')).toContain('Salon nordique');
  });

  it('refuses a company name already taken, whatever its case (field name)', async () => {
    const variants = [
      'Congrès Boréal',
      'congrès boréal',
      'CONGRÈS BORÉAL',
      'Événements MAILLAGE (démo)',
      'ÉVÉNEMENTS MAILLAGE (DÉMO)',
    ];
    for (const name of variants) {
      const response = await superAdmin.post('/api/companies', { name });
      expect(response.status, name).toBe(400);
      expect(response.body.fields).toEqual([
        { field: 'name', code: 'validation.companyNameTaken', message: 'Une entreprise porte déjà ce nom.' },
      ]);
    }
  });

  it('refuses a name of one character and a bad e-mail, under their fields', async () => {
    const response = await superAdmin.post('/api/companies', { name: 'X', contactEmail: 'pas-une-adresse' });
    expect(response.status).toBe(400);
    expect(
      response.body.fields.map((f: { field: string; code: string }) => [f.field, f.code]).sort(),
    ).toEqual([
      ['contactEmail', 'validation.email'],
      ['name', 'validation.required'],
    ]);
  });

  it('edits a company, keeping names unique', async () => {
    const company = await buildCompany(superAdmin);
    const renamed = await superAdmin.put(`/api/companies/${company.id}`, {
      name: 'Foire du Nord',
      contactEmail: '',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: company.id, name: 'Foire du Nord', contactEmail: null });

    // Its own name (in another case) is not a conflict; another company's is.
    const same = await superAdmin.put(`/api/companies/${company.id}`, { name: 'FOIRE DU NORD' });
    expect(same.status).toBe(200);
    const taken = await superAdmin.put(`/api/companies/${company.id}`, { name: 'Congrès Boréal' });
    expect(taken.status).toBe(400);
    expect(taken.body.fields).toMatchObject([{ field: 'name', code: 'validation.companyNameTaken' }]);
    expect((await superAdmin.get(`/api/companies/${company.id}`)).body.name).toBe('FOIRE DU NORD');

    expect((await superAdmin.put(`/api/companies/${crypto.randomUUID()}`, { name: 'Fantôme' })).status).toBe(
      404,
    );
  });

  it('archives and restores a company', async () => {
    const company = await buildCompany(superAdmin);
    const archived = await superAdmin.post(`/api/companies/${company.id}/archive`, { archived: true });
    expect(archived.status).toBe(200);
    expect(archived.body.archivedAt).toEqual(expect.any(String));
    expect(await listNames('&status=archived')).toContain(company.name);
    expect(await listNames('&status=active')).not.toContain(company.name);
    expect((await superAdmin.get('/api/company-choices')).body.map((c: Company) => c.id)).not.toContain(
      company.id,
    );

    const restored = await superAdmin.post(`/api/companies/${company.id}/archive`, { archived: false });
    expect(restored.status).toBe(200);
    expect(restored.body.archivedAt).toBeNull();
    expect(await listNames('&status=active')).toContain(company.name);
    expect((await superAdmin.get('/api/company-choices')).body.map((c: Company) => c.id)).toContain(
      company.id,
    );
  });

  it('deletes a company with its projects and users once its name is typed', async () => {
    const company = await buildCompany(superAdmin, { name: 'Salon à effacer' });
    // One project made in it through the API (the super-admin works in it for a moment), one user.
    await superAdmin.post('/api/session/company', { companyId: company.id });
    await buildProject(superAdmin);
    await superAdmin.post('/api/session/company', { companyId: demo.id });
    const user = await insertUser(t.deps.db, {
      companyId: company.id,
      email: 'quelqu.un@effacer.test',
      firstName: 'Quelqu’un',
      lastName: 'Effacé',
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
    await signIn(t.app, user.email);
    expect((await superAdmin.get(`/api/companies/${company.id}`)).body).toMatchObject({
      projectCount: 1,
      userCount: 1,
    });

    const wrong = await superAdmin.delete(`/api/companies/${company.id}`, { confirmName: 'Salon à effacr' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toMatchObject([
      { field: 'confirmName', code: 'validation.confirmNameMismatch' },
    ]);
    expect((await superAdmin.get(`/api/companies/${company.id}`)).status).toBe(200);

    const deleted = await superAdmin.delete(`/api/companies/${company.id}`, {
      confirmName: ' salon à effacer ',
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true });
    expect((await superAdmin.get(`/api/companies/${company.id}`)).status).toBe(404);
    const [{ n: projectsLeft }] = await t.deps.db
      .select({ n: count() })
      .from(projects)
      .where(eq(projects.companyId, company.id));
    const [{ n: usersLeft }] = await t.deps.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.companyId, company.id));
    expect({ projectsLeft, usersLeft }).toEqual({ projectsLeft: 0, usersLeft: 0 });
    const signInAgain = await (await anonymous(t.app)).post('/api/session', {
      email: user.email,
      password: DEMO_PASSWORD,
    });
    expect(signInAgain.status).toBe(401);
  });

  it('refuses to archive or delete the super-admin’s own company (409)', async () => {
    const archive = await superAdmin.post(`/api/companies/${demo.id}/archive`, { archived: true });
    expect(archive.status).toBe(409);
    expect(archive.body).toMatchObject({
      code: 'companies.cannotArchiveOwn',
      title: 'Vous ne pouvez pas archiver votre propre entreprise.',
    });
    const remove = await superAdmin.delete(`/api/companies/${demo.id}`, { confirmName: demo.name });
    expect(remove.status).toBe(409);
    expect(remove.body.code).toBe('companies.cannotDeleteOwn');
    expect((await superAdmin.get(`/api/companies/${demo.id}`)).body).toMatchObject({
      archivedAt: null,
      projectCount: 28,
    });
  });

  it('answers 404 for a company that does not exist', async () => {
    const id = crypto.randomUUID();
    expect((await superAdmin.get(`/api/companies/${id}`)).status).toBe(404);
    expect((await superAdmin.post(`/api/companies/${id}/archive`, { archived: true })).status).toBe(404);
    expect((await superAdmin.delete(`/api/companies/${id}`, { confirmName: 'x' })).status).toBe(404);
  });
});

describe('companies, as an organiser', () => {
  const endpoints = (Object.values(companyEndpoints) as unknown[]).filter(
    (value): value is Endpoint =>
      typeof value === 'object' && value !== null && 'method' in value && 'path' in value,
  );

  it.each(['demo', 'second'] as const)(
    'refuses every companies route with 403 (%s company)',
    async (which) => {
      const organiser = await signIn(t.app, which === 'demo' ? DEMO_ORGANISER : SECOND_COMPANY_USER);
      expect(endpoints.length).toBeGreaterThanOrEqual(7);
      for (const endpoint of endpoints) {
        const url = endpoint.path.replace(':companyId', which === 'demo' ? demo.id : boreal.id);
        const response = await organiser.request({
          method: endpoint.method,
          url,
          body:
            endpoint.method === 'GET'
              ? undefined
              : { name: 'Prise de contrôle', archived: true, confirmName: demo.name },
        });
        expect(response.status, `${endpoint.method} ${url}`).toBe(403);
        expect(response.body.code).toBe('forbidden');
      }
      expect((await superAdmin.get(`/api/companies/${demo.id}`)).body).toMatchObject({
        name: 'Événements Maillage (démo)',
        archivedAt: null,
      });
    },
  );
});

describe('global search (P2)', () => {
  it('needs at least 4 characters', async () => {
    const response = await superAdmin.get('/api/search?q=bor');
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([
      {
        field: 'q',
        code: 'validation.searchTooShort',
        message: 'La recherche doit compter au moins 4 caractères.',
      },
    ]);
    expect((await superAdmin.get('/api/search?q=%20bor%20')).status).toBe(400);
  });

  it('finds the second company’s user and project with “bore”, labelled name, first name, e-mail, company', async () => {
    const response = await superAdmin.get('/api/search?q=bore');
    expect(response.status).toBe(200);
    const labels = response.body.map((r: { kind: string; label: string }) => [r.kind, r.label]);
    expect(labels).toContainEqual(['user', 'Côté, Jordan, gestion@boreal.test, Congrès Boréal']);
    expect(labels).toContainEqual([
      'project',
      'Congrès boréal des ressources naturelles 2027, Congrès Boréal',
    ]);
    const user = response.body.find((r: { kind: string }) => r.kind === 'user');
    expect(user).toMatchObject({ companyId: boreal.id, companyName: 'Congrès Boréal', projectId: null });
    const project = response.body.find((r: { kind: string }) => r.kind === 'project');
    expect(project).toMatchObject({ companyId: boreal.id, projectId: project.id });
  });

  it('finds the company by its name, with or without its accent', async () => {
    const unaccented = await superAdmin.get('/api/search?q=boreal');
    expect(unaccented.body.filter((r: { kind: string }) => r.kind === 'company')).toHaveLength(1);
    const response = await superAdmin.get(`/api/search?q=${encodeURIComponent('boré')}`);
    expect(response.status).toBe(200);
    expect(response.body).toContainEqual({
      kind: 'company',
      id: boreal.id,
      companyId: boreal.id,
      companyName: 'Congrès Boréal',
      label: 'Congrès Boréal',
      projectId: null,
    });
  });

  it('is for super-admins only', async () => {
    const organiser = await signIn(t.app, DEMO_ORGANISER);
    expect((await organiser.get('/api/search?q=bore')).status).toBe(403);
  });
});
