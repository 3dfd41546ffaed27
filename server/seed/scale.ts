import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  companies,
  groupCategories,
  groups,
  participantGroups,
  participants,
  persons,
  projects,
  roles,
} from '../db/schema';
import { DEMO_ROLES } from './roles';

/**
 * Issue 4, scale: one project filled with many realistic bilingual participants (`npm run seed:scale`, and the
 * participants benchmarks). Rows go in by multi-row INSERTs, a batch per transaction; persons already known by
 * e-mail in the company are left alone: new people get e-mails of their own, so a rerun adds as many as asked.
 */

export const SCALE_PROJECT_NAME = {
  fr: 'Salon B2B à grande échelle',
  en: 'Large-scale B2B fair',
} as const;

// ---------- a seeded generator: every run with the same seed writes the same people ----------

export function scaleRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof scaleRandom>;

// ---------- the people ----------

const FIRST_NAMES_FR = [
  'Élise',
  'Hélène',
  'Émilie',
  'Gaëlle',
  'Jérôme',
  'Frédéric',
  'Stéphane',
  'François',
  'Benoît',
  'Anaïs',
  'Zoé',
  'Léa',
  'Chloé',
  'Noémie',
  'Mélanie',
  'Geneviève',
  'Andrée-Anne',
  'Marc-André',
  'Jean-François',
  'Joël',
  'Maxime',
  'Olivier',
  'Nathalie',
  'Isabelle',
  'Sébastien',
  'Rémi',
  'Amélie',
  'Ève',
  'Josée',
  'Réjean',
  'Gisèle',
  'Thérèse',
  'Cédric',
  'Loïc',
  'Maëlle',
  'Inès',
  'Mathéo',
  'Camille',
  'Félix',
  'Étienne',
  'Marie-Ève',
  'Louis',
  'Gabrielle',
  'Raphaël',
  'Océane',
  'Samuel',
  'Justine',
  'Guillaume',
  'Valérie',
  'Luc',
] as const;
const FIRST_NAMES_EN = [
  'Emily',
  'James',
  'Olivia',
  'Michael',
  'Sarah',
  'David',
  'Jessica',
  'Ryan',
  'Megan',
  'Daniel',
  'Hannah',
  'Liam',
  'Connor',
  'Ava',
  'Ethan',
  'Grace',
  'Noah',
  'Madison',
  'Tyler',
  'Brianna',
  'Owen',
  'Kayla',
  'Jordan',
  'Taylor',
  'Morgan',
  'Aiden',
  'Priya',
  'Wei',
  'Aaliyah',
  'Siobhan',
] as const;
const LAST_NAMES_FR = [
  'Tremblay',
  'Gagnon',
  'Roy',
  'Côté',
  'Bouchard',
  'Gauthier',
  'Morin',
  'Lavoie',
  'Fortin',
  'Gagné',
  'Ouellet',
  'Pelletier',
  'Bélanger',
  'Lévesque',
  'Bergeron',
  'Leblanc',
  'Paquette',
  'Girard',
  'Simard',
  'Boucher',
  'Caron',
  'Beaulieu',
  'Cloutier',
  'Dubé',
  'Poirier',
  'Fournier',
  'Lapointe',
  'Leclerc',
  'Lefebvre',
  'Poulin',
  'Thibault',
  'St-Pierre',
  'Nadeau',
  'Martin',
  'Landry',
  'Martel',
  'Bédard',
  'Grenier',
  'Lessard',
  'Bernier',
  'Michaud',
  'Hébert',
  'Desjardins',
  'Couture',
  'Turcotte',
  'Lachance',
  'Parent',
  'Gosselin',
  'Proulx',
  'Ménard',
  'Deschênes',
  'Lefèvre',
  'Duchêne',
  'Lemaître',
  'Vézina',
  'Rhéaume',
  'Bérubé',
  'Dion',
  'Dubois',
  'Rousseau',
] as const;
const LAST_NAMES_EN = [
  'Smith',
  'Brown',
  'Wilson',
  'MacDonald',
  'Campbell',
  'Anderson',
  'Taylor',
  'Johnson',
  'Thompson',
  'Stewart',
  'Robertson',
  'Murray',
  'Fraser',
  'O’Brien',
  'Kelly',
  'Walsh',
  'Murphy',
  'Clarke',
  'Evans',
  'Patel',
  'Singh',
  'Nguyen',
  'Chen',
  'Wong',
  'McKenzie',
] as const;

/** Organisations of Québec, the rest of Canada and France, with the domain of their e-mail addresses. */
const ORGANISATIONS: [name: string, domain: string][] = [
  ['Aéro Laurentides inc.', 'aerolaurentides.test'],
  ['Fromagerie des Cantons', 'fromageriedescantons.test'],
  ['Groupe Hélios', 'groupehelios.test'],
  ['Technologies Nordiques', 'technordiques.test'],
  ['Coopérative agricole du Lac-Saint-Jean', 'coopdulac.test'],
  ['Cabinet Lévesque & Associés', 'levesqueassocies.test'],
  ['Institut québécois de l’innovation', 'iqi.test'],
  ['Métallurgie Beauce', 'metallurgiebeauce.test'],
  ['Pharma Outaouais', 'pharmaoutaouais.test'],
  ['Logistique Rive-Sud', 'logistiquerivesud.test'],
  ['Studio Mile-End', 'studiomileend.test'],
  ['Énergie Boréale', 'energieboreale.test'],
  ['Caisse populaire de Trois-Rivières', 'caissetr.test'],
  ['Ville de Lévis', 'ville-levis.test'],
  ['Maple Leaf Analytics', 'mapleleafanalytics.test'],
  ['Northern Lights Software', 'northernlights.test'],
  ['Great Lakes Logistics', 'greatlakeslogistics.test'],
  ['Harbour Capital', 'harbourcapital.test'],
  ['Atlantic Seafood Co.', 'atlanticseafood.test'],
  ['Atelier Lumière', 'atelierlumiere.test'],
  ['Vins de Bourgogne SARL', 'vinsdebourgogne.test'],
  ['Société lyonnaise d’ingénierie', 'sli-lyon.test'],
];
const JOB_TITLES_FR = [
  'Directrice des ventes',
  'Directeur des achats',
  'Chargée de projet',
  'Conseiller en développement',
  'Présidente-directrice générale',
  'Responsable de l’exportation',
  'Ingénieur principal',
  'Acheteuse',
  'Vice-président, marketing',
  'Analyste d’affaires',
  'Coordonnatrice des événements',
  'Fondateur',
] as const;
const JOB_TITLES_EN = [
  'Sales Director',
  'Purchasing Manager',
  'Project Manager',
  'Business Development Advisor',
  'CEO',
  'Export Manager',
  'Senior Engineer',
  'Buyer',
  'VP Marketing',
  'Business Analyst',
  'Event Coordinator',
  'Founder',
] as const;
/** Area codes of Québec, Ontario and British Columbia. */
const AREA_CODES = [
  '514',
  '438',
  '450',
  '579',
  '418',
  '581',
  '819',
  '873',
  '613',
  '416',
  '647',
  '604',
] as const;

export const GROUP_CATEGORIES: { name: [fr: string, en: string]; groups: [fr: string, en: string][] }[] = [
  {
    name: ['Secteurs d’activité', 'Industries'],
    groups: [
      ['Agroalimentaire', 'Food industry'],
      ['Aérospatiale', 'Aerospace'],
      ['Technologies propres', 'Clean technology'],
      ['Santé', 'Health'],
      ['Services financiers', 'Financial services'],
    ],
  },
  {
    name: ['Régions', 'Regions'],
    groups: [
      ['Montréal', 'Montréal'],
      ['Québec', 'Québec City'],
      ['Ontario', 'Ontario'],
      ['Europe', 'Europe'],
    ],
  },
];

/** Letters only, without accents: "Côté" → "cote", "O’Brien" → "obrien". */
export function emailPart(text: string) {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '');
}

function canadianPhone(r: Random) {
  // NANP: the exchange starts with 2–9 and is never N11 nor 555 (numbers for fiction).
  let exchange = r.int(200, 999);
  while (exchange % 100 === 11 || exchange === 555) exchange = r.int(200, 999);
  return `+1${r.pick(AREA_CODES)}${exchange}${String(r.int(0, 9999)).padStart(4, '0')}`;
}

function frenchPhone(r: Random) {
  // Mobiles (06, 07) and Paris landlines (01), in ranges that are allotted.
  const prefix = r.pick([
    '60',
    '61',
    '62',
    '64',
    '65',
    '66',
    '67',
    '68',
    '75',
    '76',
    '77',
    '78',
    '1',
  ] as const);
  return `+33${prefix}${String(r.int(0, 10 ** (9 - prefix.length) - 1)).padStart(9 - prefix.length, '0')}`;
}

export interface Person {
  email: string;
  firstName: string;
  lastName: string;
  organisation: string | null;
  jobTitle: string | null;
  phone: string | null;
  phonePro: string | null;
  language: 'fr' | 'en';
}

/** One person: francophone about two times in three; French ones sometimes work in France. */
export function makePerson(r: Random, usedEmails: Set<string>): Person {
  const francophone = r.chance(0.65);
  const inFrance = francophone && r.chance(0.15);
  const firstName = r.pick(francophone ? FIRST_NAMES_FR : FIRST_NAMES_EN);
  // Mixed names are common in Montréal.
  const lastName = r.pick(francophone === r.chance(0.85) ? LAST_NAMES_FR : LAST_NAMES_EN);
  const [organisation, domain] = inFrance
    ? r.pick(ORGANISATIONS.slice(-3))
    : r.pick(ORGANISATIONS.slice(0, -3));
  const local = `${emailPart(firstName)}.${emailPart(lastName)}`;
  let email = `${local}@${domain}`;
  for (let n = 2; usedEmails.has(email); n++) email = `${local}${n}@${domain}`;
  usedEmails.add(email);
  const language = francophone ? (r.chance(0.9) ? 'fr' : 'en') : r.chance(0.9) ? 'en' : 'fr';
  const phoneOf = () => (inFrance ? frenchPhone(r) : canadianPhone(r));
  return {
    email,
    firstName,
    lastName,
    organisation: r.chance(0.92) ? organisation : null,
    jobTitle: r.chance(0.8) ? r.pick(language === 'fr' ? JOB_TITLES_FR : JOB_TITLES_EN) : null,
    phone: r.chance(0.75) ? phoneOf() : null,
    phonePro: r.chance(0.35) ? phoneOf() : null,
    language,
  };
}

// ---------- the project, its roles and groups ----------

async function ensureProject(db: Executor, companyId: string, projectId: string | undefined) {
  if (projectId) {
    const [row] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
    if (!row) throw new Error(`No project ${projectId} in company ${companyId}.`);
    return row.id;
  }
  const [row] = await db
    .insert(projects)
    .values({
      companyId,
      nameFr: SCALE_PROJECT_NAME.fr,
      nameEn: SCALE_PROJECT_NAME.en,
      startsOn: '2027-10-19',
      endsOn: '2027-10-21',
      timeZone: 'America/Toronto',
      defaultLanguage: 'fr',
    })
    .returning({ id: projects.id });
  return row.id;
}

/** The project's roles; the three demo roles when it has none yet (the first becomes the default role). */
async function ensureRoles(db: Executor, companyId: string, projectId: string) {
  const existing = await db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.projectId, projectId))
    .orderBy(asc(roles.position), asc(roles.id));
  if (existing.length) return existing.map((r) => r.id);
  const created = await db
    .insert(roles)
    .values(
      DEMO_ROLES.map(([nameFr, nameEn], position) => ({ companyId, projectId, nameFr, nameEn, position })),
    )
    .returning({ id: roles.id, position: roles.position });
  const ids = created.sort((a, b) => a.position - b.position).map((r) => r.id);
  await db
    .update(projects)
    .set({ defaultRoleId: ids[0] })
    .where(and(eq(projects.id, projectId), sql`${projects.defaultRoleId} is null`));
  return ids;
}

/** The project's groups by category; two categories of groups when it has none yet. */
async function ensureGroups(db: Executor, companyId: string, projectId: string) {
  const existing = await db
    .select({ id: groups.id, categoryId: groups.categoryId })
    .from(groups)
    .where(eq(groups.projectId, projectId))
    .orderBy(asc(groups.position), asc(groups.id));
  if (existing.length) {
    const byCategory = new Map<string, string[]>();
    for (const g of existing) byCategory.set(g.categoryId, [...(byCategory.get(g.categoryId) ?? []), g.id]);
    return [...byCategory.values()];
  }
  const result: string[][] = [];
  for (const [position, category] of GROUP_CATEGORIES.entries()) {
    const [row] = await db
      .insert(groupCategories)
      .values({ companyId, projectId, nameFr: category.name[0], nameEn: category.name[1], position })
      .returning({ id: groupCategories.id });
    const created = await db
      .insert(groups)
      .values(
        category.groups.map(([nameFr, nameEn], index) => ({
          companyId,
          projectId,
          categoryId: row.id,
          nameFr,
          nameEn,
          position: index,
        })),
      )
      .returning({ id: groups.id });
    result.push(created.map((g) => g.id));
  }
  return result;
}

/** The demo company (`npm run seed:demo`), where the scale project goes unless a company is given. */
export async function findDemoCompany(db: Executor) {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.isDemo, true))
    .orderBy(asc(companies.createdAt))
    .limit(1);
  return row?.id;
}

// ---------- seeding ----------

export interface ScaleOptions {
  companyId: string;
  /** Adds to this project of the company; by default a new project « Salon B2B à grande échelle ». */
  projectId?: string;
  participants: number;
  /** Rows per INSERT (and per transaction). */
  batchSize?: number;
  /** The generator's seed; by default derived from the company's number of persons, so reruns differ. */
  seed?: number;
  onProgress?(done: number, total: number): void;
}

export interface ScaleResult {
  companyId: string;
  projectId: string;
  roleIds: string[];
  groupIds: string[];
  /** Participants added to the project. */
  participants: number;
  /** Persons created (the others were already known by e-mail in the company). */
  persons: number;
  memberships: number;
  seconds: number;
}

export async function seedScale(db: Executor, options: ScaleOptions): Promise<ScaleResult> {
  const started = performance.now();
  const { companyId } = options;
  const batchSize = options.batchSize ?? 2000;
  const { projectId, roleIds, groupIdsByCategory } = await db.transaction(async (tx) => {
    const projectId = await ensureProject(tx, companyId, options.projectId);
    return {
      projectId,
      roleIds: await ensureRoles(tx, companyId, projectId),
      groupIdsByCategory: await ensureGroups(tx, companyId, projectId),
    };
  });
  const [{ known }] = await db
    .select({ known: count() })
    .from(persons)
    .where(eq(persons.companyId, companyId));
  const r = scaleRandom(options.seed ?? known + 1);
  // The company's e-mails are taken: every participant asked for is a new person (one query, even at 100,000).
  const taken = await db
    .select({ email: sql<string>`lower(${persons.email})` })
    .from(persons)
    .where(eq(persons.companyId, companyId));
  const usedEmails = new Set(taken.map((p) => p.email));
  const now = Date.now();
  const DAY = 86_400_000;
  let added = 0;
  let createdPersons = 0;
  let memberships = 0;

  for (let done = 0; done < options.participants; done += batchSize) {
    const size = Math.min(batchSize, options.participants - done);
    const people = Array.from({ length: size }, () => makePerson(r, usedEmails));
    const counts = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(persons)
        .values(people.map((p) => ({ ...p, companyId })))
        .onConflictDoNothing()
        .returning({ id: persons.id, email: persons.email });
      const idByEmail = new Map(inserted.map((p) => [p.email.toLowerCase(), p.id]));
      // Persons the company already knew by these e-mails take part too.
      const missing = people.map((p) => p.email.toLowerCase()).filter((e) => !idByEmail.has(e));
      if (missing.length) {
        const known = await tx
          .select({ id: persons.id, email: sql<string>`lower(${persons.email})` })
          .from(persons)
          .where(and(eq(persons.companyId, companyId), inArray(sql`lower(${persons.email})`, missing)));
        for (const p of known) idByEmail.set(p.email, p.id);
      }
      const rows = people.map((p) => {
        const createdAt = new Date(now - r.int(0, 180 * DAY));
        const roll = r.next();
        return {
          companyId,
          projectId,
          personId: idByEmail.get(p.email.toLowerCase()) as string,
          // Visitors are the crowd; buyers and exhibitors fewer.
          roleId: roleIds[roll < 0.3 ? 0 : roll < 0.5 ? 1 % roleIds.length : 2 % roleIds.length],
          status: r.chance(0.7) ? 'registered' : r.chance(0.85) ? 'confirmed' : 'cancelled',
          createdAt,
          updatedAt: new Date(createdAt.getTime() + r.int(0, 10 * DAY)),
        };
      });
      const registered = await tx
        .insert(participants)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: participants.id });
      const links: { participantId: string; groupId: string }[] = [];
      for (const { id } of registered) {
        for (const [i, category] of groupIdsByCategory.entries()) {
          // Most participants have an industry, about half a region.
          if (r.chance(i === 0 ? 0.8 : 0.5)) links.push({ participantId: id, groupId: r.pick(category) });
        }
      }
      if (links.length) await tx.insert(participantGroups).values(links).onConflictDoNothing();
      return { registered: registered.length, persons: inserted.length, links: links.length };
    });
    added += counts.registered;
    createdPersons += counts.persons;
    memberships += counts.links;
    options.onProgress?.(done + size, options.participants);
  }

  return {
    companyId,
    projectId,
    roleIds,
    groupIds: groupIdsByCategory.flat(),
    participants: added,
    persons: createdPersons,
    memberships,
    seconds: (performance.now() - started) / 1000,
  };
}
