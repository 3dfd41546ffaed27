import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalisePhone } from '../../contracts/phone';
import { createTestApp, signIn, type TestApp } from '../../tests/support/test-app';
import { participantGroups, participants, persons, projects } from '../db/schema';
import { DEMO_ORGANISER } from './demo';
import { FIRST_DEMO_PROJECT } from './groups';
import { DEMO_PARTICIPANTS } from './participants';
import { findDemoCompany, SCALE_PROJECT_NAME, type ScaleResult, seedScale } from './scale';

let t: TestApp;
let companyId: string;
let first: ScaleResult;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await findDemoCompany(t.database.db)) as string;
  first = await seedScale(t.database.db, { companyId, participants: 500, batchSize: 200 });
});
afterAll(() => t.close());

async function personsOf(projectId: string) {
  return t.database.db
    .select({
      email: persons.email,
      firstName: persons.firstName,
      lastName: persons.lastName,
      phone: persons.phone,
      phonePro: persons.phonePro,
      language: persons.language,
      organisation: persons.organisation,
      roleId: participants.roleId,
      status: participants.status,
    })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(eq(participants.projectId, projectId));
}

describe('seedScale', () => {
  it('fills a new bilingual project of the company with the participants asked for', async () => {
    expect(first.participants).toBe(500);
    const [project] = await t.database.db.select().from(projects).where(eq(projects.id, first.projectId));
    expect(project).toMatchObject({
      companyId,
      nameFr: SCALE_PROJECT_NAME.fr,
      nameEn: SCALE_PROJECT_NAME.en,
    });
    expect(project.defaultRoleId).toBe(first.roleIds[0]);

    const rows = await personsOf(first.projectId);
    expect(rows).toHaveLength(500);
    // The three roles, the three statuses and both languages are all there.
    expect(new Set(rows.map((r) => r.roleId))).toEqual(new Set(first.roleIds));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['registered', 'confirmed', 'cancelled']));
    expect(new Set(rows.map((r) => r.language))).toEqual(new Set(['fr', 'en']));
    // French names with their accents and English names.
    expect(rows.some((r) => /[éèêëàâçîïôöûüÉ]/.test(r.firstName + r.lastName))).toBe(true);
    expect(rows.some((r) => r.lastName === 'Tremblay' || r.lastName === 'Côté')).toBe(true);
    expect(rows.some((r) => ['Smith', 'Brown', 'Wilson', 'MacDonald', 'Campbell'].includes(r.lastName))).toBe(
      true,
    );
    expect(rows.filter((r) => r.organisation).length).toBeGreaterThan(400);

    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(participantGroups)
      .innerJoin(participants, eq(participants.id, participantGroups.participantId))
      .where(eq(participants.projectId, first.projectId));
    expect(n).toBe(first.memberships);
    expect(n).toBeGreaterThan(500);
    expect(first.groupIds.length).toBeGreaterThanOrEqual(4);
  });

  it('writes phone numbers in E.164, Canadian and French, that the phone field accepts', async () => {
    const phones = (await personsOf(first.projectId)).flatMap((r) => [r.phone, r.phonePro]).filter(Boolean);
    expect(phones.length).toBeGreaterThan(400);
    for (const phone of phones) {
      expect(phone).toMatch(/^\+[1-9]\d{9,11}$/);
      expect(normalisePhone(phone as string)).toBe(phone);
    }
    expect(phones.some((p) => p?.startsWith('+1514') || p?.startsWith('+1438'))).toBe(true);
    expect(phones.some((p) => p?.startsWith('+33'))).toBe(true);
  });

  it('adds to a new project on a rerun, and e-mails stay unique in the company', async () => {
    const second = await seedScale(t.database.db, { companyId, participants: 300, batchSize: 300 });
    expect(second.projectId).not.toBe(first.projectId);
    expect(second.participants).toBe(300);
    const [dupes] = await t.database.db.select({ n: count() }).from(
      t.database.db
        .select({ e: sql`lower(${persons.email})`.as('e') })
        .from(persons)
        .where(eq(persons.companyId, companyId))
        .groupBy(sql`lower(${persons.email})`)
        .having(sql`count(*) > 1`)
        .as('d'),
    );
    expect(dupes.n).toBe(0);

    // Into a given project: the participants are added to it.
    const third = await seedScale(t.database.db, {
      companyId,
      projectId: first.projectId,
      participants: 100,
      seed: 99,
    });
    expect(third.projectId).toBe(first.projectId);
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(participants)
      .where(and(eq(participants.companyId, companyId), eq(participants.projectId, first.projectId)));
    expect(n).toBe(500 + third.participants);
    expect(third.participants).toBe(100);
    expect(third.persons).toBe(100);
  });

  it('lists the seeded participants through the API', async () => {
    const organiser = await signIn(t.app, DEMO_ORGANISER);
    const res = await organiser.get(
      `/api/projects/${first.projectId}/participants?q=tremblay&sort=lastName&dir=asc&page=1&pageSize=25`,
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
    expect(res.body.items[0].lastName).toBe('Tremblay');
  });
});

describe('the demo data', () => {
  it('gives the first demo project participants to filter, sort and sort into groups', async () => {
    const organiser = await signIn(t.app, DEMO_ORGANISER);
    const [project] = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.nameFr, FIRST_DEMO_PROJECT));
    const res = await organiser.get(`/api/projects/${project.id}/participants?page=1&pageSize=25`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(DEMO_PARTICIPANTS);
    const all = await organiser.get(`/api/projects/${project.id}/participants?page=1&pageSize=100`);
    const items = all.body.items as { role: { id: string }; groups: unknown[]; status: string }[];
    expect(new Set(items.map((p) => p.role.id)).size).toBe(3);
    expect(items.some((p) => p.groups.length > 0)).toBe(true);
    expect(new Set(items.map((p) => p.status))).toContain('confirmed');
  });
});
