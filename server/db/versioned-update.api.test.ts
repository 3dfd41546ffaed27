/**
 * RS4 edit conflicts (docs/conflicts.md), one table of the versioned edit routes and one loop: two organisers load
 * the same record, Marie saves, Camille saves with the version she loaded → 409 naming Marie; with the new version →
 * 200; without a version (an import, a script) → 200, last write wins.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../tests/support/api-fixture';
import { importSteps } from '../../tests/support/spreadsheet-import';
import {
  type ApiClient,
  type ApiResponse,
  buildActivity,
  buildProject,
  insertParticipants,
  signIn,
} from '../../tests/support/test-app';
import { hashPassword } from '../modules/users/passwords';
import { findUserByEmail, insertUser } from '../modules/users/repository';
import { DEMO_ORGANISER } from '../seed/demo';
import { users } from './schema';

const { t, camille } = withTestApp({ users: ['camille'] });
type Json = ApiResponse['body'];

/** A second organiser of Camille's company, in French or English. */
async function colleague(firstName: string, lastName: string, locale: 'fr' | 'en') {
  const email = `${firstName}.${crypto.randomUUID().slice(0, 6)}@example.test`.toLowerCase();
  const organiser = await findUserByEmail(t.database.db, DEMO_ORGANISER);
  const user = await insertUser(t.database.db, {
    companyId: organiser.user.companyId,
    email,
    firstName,
    lastName,
    locale,
    role: 'organiser',
    passwordHash: await hashPassword('Maillage-demo-2026'),
  });
  return { id: user.id, client: await signIn(t.app, email) };
}

/**
 * An edit route: where its record is read (`url`, and what the read answers, from `read`) and saved (`save`), and
 * the body a form sends with one field changed to `value`, built from what it loaded.
 */
interface Route {
  name: string;
  make: (projectId: string) => Promise<{ read: string; save: string }>;
  method: 'PUT' | 'PATCH';
  body: (loaded: Json, value: string) => Record<string, unknown>;
  value: (saved: Json) => unknown;
}

const questionRoute = (tab: string, body: Route['body'], value: Route['value']): Route => ({
  name: `question ${tab}`,
  method: 'PUT',
  make: async (projectId) => {
    const base = `/api/projects/${projectId}/questions`;
    const created = await camille.post(base, { title: { fr: 'Secteurs', en: 'Sectors' }, kind: 'multiple' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return { read: `${base}/${created.body.id}`, save: `${base}/${created.body.id}/${tab}` };
  },
  body,
  value,
});
const weightOf = (value: string) => (value.length % 90) + 2;

const ROUTES: Route[] = [
  {
    name: 'participant',
    method: 'PUT',
    make: async (projectId) => {
      const [id] = await insertParticipants(t.database.db, projectId, [{ first: 'Léa', last: 'Roy' }]);
      const url = `/api/projects/${projectId}/participants/${id}`;
      return { read: url, save: url };
    },
    body: (p, value) => ({
      roleId: p.role.id,
      firstName: value,
      lastName: p.lastName,
      email: p.email,
      status: p.status,
      language: p.language,
    }),
    value: (p) => p.firstName,
  },
  {
    name: 'activity',
    method: 'PUT',
    make: async (projectId) => {
      const activity = await buildActivity(camille, projectId);
      const url = `/api/projects/${projectId}/activities/${activity.id}`;
      return { read: url, save: url };
    },
    body: (a, value) => ({
      title: { fr: value, en: a.title.en },
      type: a.type,
      startsAt: a.startsAtLocal,
      durationMinutes: a.durationMinutes,
    }),
    value: (a) => a.title.fr,
  },
  questionRoute(
    'settings',
    (q, value) => ({
      title: { fr: value, en: q.title.en },
      help: q.help,
      kind: q.kind,
      maxChoices: null,
      isMandatory: false,
    }),
    (q) => q.title.fr,
  ),
  questionRoute(
    'pairing',
    (_, value) => ({ usedForMatching: true, weight: weightOf(value), reversed: false }),
    (q) => q.weight,
  ),
  questionRoute(
    'permissions',
    (_, value) => ({
      visibility: value.length % 2 ? 'organisers' : 'participants',
      participantCanEdit: value.length % 2 === 0,
    }),
    (q) => q.visibility,
  ),
  questionRoute(
    'audience',
    () => ({ groupIds: [], roleIds: [] }),
    (q) => q.groupIds,
  ),
  {
    name: 'project configuration',
    method: 'PUT',
    make: async (projectId) => {
      const url = `/api/projects/${projectId}`;
      return { read: url, save: url };
    },
    body: (p, value) => ({
      nameFr: value,
      nameEn: p.nameEn,
      startsOn: p.startsOn,
      endsOn: p.endsOn,
      timeZone: p.timeZone,
      defaultLanguage: p.defaultLanguage,
    }),
    value: (p) => p.nameFr,
  },
];

let marie: { id: string; client: ApiClient };
let projectId: string;
beforeAll(async () => {
  marie = await colleague('Marie', 'Tremblay', 'fr');
  projectId = (await buildProject(camille)).id;
});

async function save(client: ApiClient, route: Route, url: string, body: Record<string, unknown>) {
  return client.request({ method: route.method, url, body });
}

describe.each(ROUTES)('$name', (route) => {
  it('refuses a save on an old version, naming who saved in between; accepts the new one and none', async () => {
    const { read, save: url } = await route.make(projectId);
    // Both load the record.
    const loadedByMarie = (await marie.client.get(read)).body;
    const loadedByCamille = (await camille.get(read)).body;
    expect(loadedByCamille.version).toBe(loadedByMarie.version);

    const first = await save(marie.client, route, url, {
      ...route.body(loadedByMarie, 'Version de Marie'),
      version: loadedByMarie.version,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.version).toBe(loadedByMarie.version + 1);

    const stale = await save(camille, route, url, {
      ...route.body(loadedByCamille, 'Version de Camille'),
      version: loadedByCamille.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'conflict', savedBy: { name: 'Marie Tremblay' } });
    expect(stale.body.title).toMatch(
      /^Modifié par Marie Tremblay à \d{1,2} h \d{2} pendant votre édition\.$/,
    );
    expect(Date.parse(stale.body.savedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Nothing of Camille's stale save was written.
    const afterStale = (await camille.get(read)).body;
    expect(route.value(afterStale)).toEqual(route.value(first.body));
    expect(afterStale.version).toBe(first.body.version);

    // Reloaded: her save on the new version goes through.
    const reloaded = await save(camille, route, url, {
      ...route.body(afterStale, 'Version de Camille'),
      version: afterStale.version,
    });
    expect(reloaded.status, JSON.stringify(reloaded.body)).toBe(200);
    expect(reloaded.body.version).toBe(afterStale.version + 1);

    // A caller without a version is not checked (last write wins), and still moves the version on.
    const unversioned = await save(marie.client, route, url, route.body(loadedByMarie, 'Sans version'));
    expect(unversioned.status, JSON.stringify(unversioned.body)).toBe(200);
    expect(unversioned.body.version).toBe(reloaded.body.version + 1);
  });
});

describe('edit conflicts', () => {
  const participantRoute = ROUTES[0];

  it('of two saves sent at once on the same version, one goes through and the other is refused', async () => {
    const { read, save: url } = await participantRoute.make(projectId);
    const loaded = (await camille.get(read)).body;
    const answers = await Promise.all([
      save(marie.client, participantRoute, url, {
        ...participantRoute.body(loaded, 'Marie'),
        version: loaded.version,
      }),
      save(camille, participantRoute, url, {
        ...participantRoute.body(loaded, 'Camille'),
        version: loaded.version,
      }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await camille.get(read)).body.version).toBe(loaded.version + 1);
  });

  it('speaks the caller’s language, and names « un autre utilisateur » once the author is deleted', async () => {
    const robin = await colleague('Robin', 'Lee', 'en');
    const { read, save: url } = await participantRoute.make(projectId);
    const loaded = (await camille.get(read)).body;
    const body = (value: string) => ({ ...participantRoute.body(loaded, value), version: loaded.version });
    expect((await save(robin.client, participantRoute, url, body('Robin'))).status).toBe(200);

    const english = await save(marie.client, participantRoute, url, body('Marie'));
    expect(english.status).toBe(409);
    expect(english.body.savedBy).toEqual({ name: 'Robin Lee' });
    expect(english.body.title).toMatch(/^Modifié par Robin Lee à /);
    const inEnglish = await save(robin.client, participantRoute, url, body('Robin again'));
    expect(inEnglish.body.title).toMatch(
      /^Edited by Robin Lee at \d{1,2}:\d{2}\s[ap]\.m\. while you were editing\.$/,
    );

    await t.database.db.delete(users).where(eq(users.id, robin.id));
    const gone = await save(camille, participantRoute, url, body('Camille'));
    expect(gone.status).toBe(409);
    expect(gone.body.savedBy).toEqual({ name: null });
    expect(gone.body.title).toMatch(/^Modifié par un autre utilisateur à /);
  });

  it('answers 404, not a conflict, for a record of another project', async () => {
    const { read, save: url } = await participantRoute.make(projectId);
    const loaded = (await camille.get(read)).body;
    const other = await buildProject(camille);
    const body = { ...participantRoute.body(loaded, 'Ailleurs'), version: loaded.version };
    const response = await camille.put(url.replace(projectId, other.id), body);
    expect(response.status, JSON.stringify(response.body)).toBe(404);
  });

  it('an import that changes a participant makes a form loaded before hear who changed it', async () => {
    const { read, save: url } = await participantRoute.make(projectId);
    const loaded = (await camille.get(read)).body;
    const { upload, dryRun, saveImport } = importSteps(() => t.app);
    const csv = `Courriel;Prénom;Nom;Entreprise\n${loaded.email};Léa;Roy;Coopérative du Nord\n`;
    const uploaded = await upload(marie.client, projectId, csv, 'mise-a-jour.csv');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect((await dryRun(marie.client, projectId, uploaded.body.id)).body.summary).toMatchObject({
      update: 1,
    });
    await saveImport(marie.client, projectId, uploaded.body.id);

    const stale = await save(camille, participantRoute, url, {
      ...participantRoute.body(loaded, 'Léa'),
      version: loaded.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.savedBy).toEqual({ name: 'Marie Tremblay' });
    const now = (await camille.get(read)).body;
    expect(now.organisation).toBe('Coopérative du Nord');
    expect(now.version).toBeGreaterThan(loaded.version);
  });
});
