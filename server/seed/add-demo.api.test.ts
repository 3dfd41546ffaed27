import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../tests/support/test-app';
import { companies, projects, releases, roles } from '../db/schema';
import { insertCompany } from '../modules/companies/repository';
import { getHelpEdition, writeHelp } from '../modules/help/service';
import { addDemo, DEMO_COMPANY, DEMO_ORGANISER, DEMO_REFUSALS, SECOND_DEMO_COMPANY } from './demo';

// `npm run seed:demo [-- --beside-existing]` (server/cli/seed-demo.ts) on the test database, which starts with the
// demo. The command as the README runs it, on a PostgreSQL server: server/cli/readme-postgres.api.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const companyCount = async () => (await t.database.db.select({ n: count() }).from(companies))[0].n;

describe('adding the demo', () => {
  it('is refused when the demo is already there, asked beside or not, and adds nothing', async () => {
    const before = await companyCount();
    expect(await addDemo(t.database.db, { besideExisting: true })).toEqual({
      added: false,
      refusal: 'demo-present',
    });
    expect(await addDemo(t.database.db, { besideExisting: false })).toEqual({
      added: false,
      refusal: 'demo-present',
    });
    expect(await companyCount()).toBe(before);
    expect(DEMO_REFUSALS['demo-present']).toContain('not added twice');
  });

  it('beside an organiser’s company only when asked, leaving that company’s projects, help and notes as they were', async () => {
    const db = t.database.db;
    await db.delete(companies).where(inArray(companies.name, [DEMO_COMPANY, SECOND_DEMO_COMPANY]));
    const ownId = await insertCompany(db, { name: 'Salons du Nord' });
    const [own] = await db
      .insert(projects)
      .values({
        companyId: ownId,
        nameFr: 'Salon du Nord 2027',
        nameEn: 'Northern Fair 2027',
        startsOn: '2027-03-02',
        endsOn: '2027-03-03',
        timeZone: 'America/Toronto',
        defaultLanguage: 'fr',
      })
      .returning();
    const help = {
      screen: 'projects.list' as const,
      isActive: true,
      title: { fr: 'Nos projets', en: 'Our projects' },
      description: { fr: 'Écrit par nous.', en: 'Written by us.' },
    };
    await writeHelp(db, help);
    const [{ n: releaseCount }] = await db.select({ n: count() }).from(releases);

    expect(await addDemo(db, { besideExisting: false })).toEqual({ added: false, refusal: 'not-empty' });
    expect(DEMO_REFUSALS['not-empty']).toContain('npm run seed:demo -- --beside-existing');
    expect(await companyCount()).toBe(1);

    expect(await addDemo(db, { besideExisting: true })).toEqual({ added: true });
    expect(await companyCount()).toBe(3);
    const organiser = await signIn(t.app, DEMO_ORGANISER);
    expect(organiser.user?.email).toBe(DEMO_ORGANISER);

    expect(await db.select().from(roles).where(eq(roles.projectId, own.id))).toEqual([]);
    const edition = await getHelpEdition(t.deps, 'projects.list');
    expect({ title: edition.title, description: edition.description }).toEqual({
      title: help.title,
      description: help.description,
    });
    expect((await db.select({ n: count() }).from(releases))[0].n).toBe(releaseCount);

    expect(await addDemo(db, { besideExisting: true })).toEqual({ added: false, refusal: 'demo-present' });
    expect(await companyCount()).toBe(3);
  });
});
