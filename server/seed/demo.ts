import { count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { companies, projectAccess, projects, users } from '../db/schema';
import { hashPassword } from '../modules/users/passwords';
import { insertUser } from '../modules/users/repository';
import { seedActivities } from './activities';
import { seedB2b } from './b2b';
import { seedCampaigns } from './campaigns';
import { seedDashboard } from './dashboard';
import { seedGroups } from './groups';
import { seedHelpTexts } from './help';
import { seedMail } from './mail';
import { seedMailTemplates } from './mail-templates';
import { seedNotifications } from './notifications';
import { seedPairing } from './pairing';
import { seedParticipants } from './participants';
import { seedPersonalPages } from './personal-pages';
import { seedQuestionnaire } from './questionnaire';
import { seedReleases } from './releases';
import { seedRoles } from './roles';
import { seedSales } from './sales';

export const DEMO_PASSWORD = 'Maillage-demo-2026';
export const DEMO_SUPER_ADMIN = 'super@maillage.test';
export const DEMO_ORGANISER = 'organisatrice@maillage.test';
export const SECOND_COMPANY_USER = 'gestion@boreal.test';
/** A4: an organiser (every project), a read-only user, and an organiser restricted to the first event. */
export const DEMO_EDITOR = 'organisateur@maillage.test';
export const DEMO_READER = 'lecture@maillage.test';
export const DEMO_PROJECT_ORGANISER = 'projet@maillage.test';
export const DEMO_COMPANY = 'Événements Maillage (démo)';
export const SECOND_DEMO_COMPANY = 'Congrès Boréal';
const DEMO_ACCOUNTS = [
  DEMO_SUPER_ADMIN,
  DEMO_ORGANISER,
  SECOND_COMPANY_USER,
  DEMO_EDITOR,
  DEMO_READER,
  DEMO_PROJECT_ORGANISER,
];

/** Bilingual events of a Montréal organiser: enough of them to page, sort and search. */
const EVENTS: [fr: string, en: string][] = [
  ['Journée B2B Montréal', 'Montréal B2B Day'],
  ['Salon de l’agroalimentaire du Québec', 'Québec Food Industry Fair'],
  ['Rencontres d’affaires en technologies propres', 'Clean Technology Business Meetings'],
  ['Forum de l’aérospatiale', 'Aerospace Forum'],
  ['Carrefour de l’innovation en santé', 'Health Innovation Hub'],
  ['Mission commerciale Europe', 'European Trade Mission'],
  ['Sommet de l’intelligence artificielle', 'Artificial Intelligence Summit'],
  ['Rendez-vous des manufacturiers', 'Manufacturers’ Meetup'],
  ['Foire de l’emploi bilingue', 'Bilingual Job Fair'],
  ['Colloque sur la mobilité durable', 'Sustainable Mobility Symposium'],
  ['Marché des arts de la scène', 'Performing Arts Market'],
  ['Journée des exportateurs', 'Exporters’ Day'],
  ['Festival des jeunes entreprises', 'Startup Festival'],
  ['Rencontres acheteurs-fournisseurs', 'Buyer–Supplier Meetings'],
];

export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(companies);
  return n === 0;
}

/** Whether a demo company (flagged, or one of the demo's names) or a demo account is already in the database. */
async function hasDemo(db: Executor): Promise<boolean> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(or(eq(companies.isDemo, true), inArray(companies.name, [DEMO_COMPANY, SECOND_DEMO_COMPANY])))
    .limit(1);
  if (company) return true;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, DEMO_ACCOUNTS))
    .limit(1);
  return Boolean(user);
}

export type DemoRefusal = 'demo-present' | 'not-empty';

/** What `npm run seed:demo` says when it adds nothing. */
export const DEMO_REFUSALS: Record<DemoRefusal, string> = {
  'demo-present': `The demo is already in this database (company "${DEMO_COMPANY}", "${SECOND_DEMO_COMPANY}" or a demo account): it is not added twice.`,
  'not-empty':
    'The database already has companies: the demo data is only added to an empty database. ' +
    'To add the demo companies beside yours: npm run seed:demo -- --beside-existing',
};

/**
 * `npm run seed:demo`: the demo companies on an empty database, or beside the companies there when the organiser
 * asks (`besideExisting`); never twice.
 */
export async function addDemo(
  db: Executor,
  { besideExisting }: { besideExisting: boolean },
): Promise<{ added: true } | { added: false; refusal: DemoRefusal }> {
  if (await hasDemo(db)) return { added: false, refusal: 'demo-present' };
  if (!besideExisting && !(await isDatabaseEmpty(db))) return { added: false, refusal: 'not-empty' };
  await seedDemo(db);
  return { added: true };
}

function isoDate(year: number, month: number, day: number) {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Two days, Wednesday and Thursday, starting at least 14 days after `today` (dates of the calendar, no zone). */
export function upcomingTwoDays(today: Date) {
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 14));
  start.setUTCDate(start.getUTCDate() + ((3 - start.getUTCDay() + 7) % 7));
  const end = new Date(start.getTime() + 86_400_000);
  return { startsOn: start.toISOString().slice(0, 10), endsOn: end.toISOString().slice(0, 10) };
}

/** The demo company with its bilingual events and two accounts, and a second company to switch into. */
export async function seedDemo(db: Executor) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [demo] = await tx
      .insert(companies)
      .values({
        name: DEMO_COMPANY,
        contactEmail: 'bonjour@maillage.test',
        // CASL: campaign messages carry the sender's mailing address (docs/campaigns/casl.md).
        address: '1000, rue Sherbrooke Ouest, bureau 2400, Montréal (Québec) H3A 3G4',
        phone: '+15145550123',
        isDemo: true,
      })
      .returning();
    const [boreal] = await tx
      .insert(companies)
      .values({ name: SECOND_DEMO_COMPANY, contactEmail: 'info@boreal.test' })
      .returning();

    await insertUser(tx, {
      companyId: demo.id,
      email: DEMO_SUPER_ADMIN,
      firstName: 'Samuel',
      lastName: 'Tremblay',
      passwordHash,
      isSuperAdmin: true,
    });
    await insertUser(tx, {
      companyId: demo.id,
      email: DEMO_ORGANISER,
      firstName: 'Camille',
      lastName: 'Gagnon',
      passwordHash,
    });
    await insertUser(tx, {
      companyId: boreal.id,
      email: SECOND_COMPANY_USER,
      firstName: 'Jordan',
      lastName: 'Côté',
      passwordHash,
      locale: 'en',
    });

    const rows: (typeof projects.$inferInsert)[] = [];
    for (const [i, [fr, en]] of EVENTS.entries()) {
      for (const year of [2026, 2027]) {
        const month = ((i * 5) % 12) + 1;
        const day = ((i * 7) % 25) + 1;
        rows.push({
          companyId: demo.id,
          nameFr: `${fr} ${year}`,
          nameEn: `${en} ${year}`,
          startsOn: isoDate(year, month, day),
          endsOn: isoDate(year, month, day + (i % 3)),
          timeZone: i % 5 === 3 ? 'Europe/Paris' : 'America/Toronto',
          defaultLanguage: i % 4 === 2 ? 'en' : 'fr',
          isActive: !(year === 2026 && i % 3 === 0),
        });
      }
    }
    // The first event (the one with participants and a programme) is always coming up: two days starting on the
    // Wednesday at least two weeks after the seed, so that its activities show without "show past activities".
    Object.assign(rows[0], { ...upcomingTwoDays(new Date()), isActive: true });
    rows.push(
      {
        companyId: boreal.id,
        nameFr: 'Congrès boréal des ressources naturelles 2027',
        nameEn: 'Boreal Natural Resources Congress 2027',
        startsOn: '2027-05-11',
        endsOn: '2027-05-13',
        timeZone: 'America/Toronto',
        defaultLanguage: 'fr',
      },
      {
        companyId: boreal.id,
        nameFr: 'Forum nordique de l’énergie 2027',
        nameEn: 'Northern Energy Forum 2027',
        startsOn: '2027-09-21',
        endsOn: '2027-09-22',
        timeZone: 'America/Edmonton',
        defaultLanguage: 'en',
      },
    );
    const [firstEvent] = await tx.insert(projects).values(rows).returning({ id: projects.id });
    await seedAccessAccounts(tx, demo.id, firstEvent.id, passwordHash);
    await seedHelpTexts(tx);
    await seedReleases(tx);
    await seedRoles(tx, [demo.id, boreal.id]);
    await seedGroups(tx);
    await seedParticipants(tx);
    await seedMail(tx);
    await seedMailTemplates(tx);
    await seedActivities(tx);
    await seedQuestionnaire(tx);
    await seedB2b(tx);
    await seedPairing(tx);
    await seedPersonalPages(tx);
    await seedCampaigns(tx);
    await seedSales(tx);
    await seedDashboard(tx);
    // After every membership: the demo's own memberships queue nothing.
    await seedNotifications(tx);
  });
}

/** A4: the demo company's colleagues with fewer rights than its administrator (README's demo accounts). */
async function seedAccessAccounts(
  tx: Executor,
  companyId: string,
  firstEventId: string,
  passwordHash: string,
) {
  await insertUser(tx, {
    companyId,
    email: DEMO_EDITOR,
    firstName: 'Olivier',
    lastName: 'Bouchard',
    passwordHash,
    role: 'organiser',
  });
  await insertUser(tx, {
    companyId,
    email: DEMO_READER,
    firstName: 'Léa',
    lastName: 'Lavoie',
    passwordHash,
    role: 'readonly',
  });
  const restricted = await insertUser(tx, {
    companyId,
    email: DEMO_PROJECT_ORGANISER,
    firstName: 'Nadia',
    lastName: 'Pelletier',
    passwordHash,
    role: 'organiser',
    allProjects: false,
  });
  await tx
    .insert(projectAccess)
    .values({ userId: restricted.id, projectId: firstEventId, role: 'organiser' });
}
