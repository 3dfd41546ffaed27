import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { importSteps } from '../../../tests/support/spreadsheet-import';
import { buildProject } from '../../../tests/support/test-app';
import {
  activities,
  activityCategories,
  activityMembers,
  groupCategories,
  groups,
  mailMessages,
  meetings,
  participantAnswers,
  participantGroups,
  participants,
  paymentRequestItems,
  paymentRequests,
  payments,
  persons,
  profileFields,
  projects,
  questionChoices,
  questions,
} from '../../db/schema';
import { companyOf as companyOfProject, insertRole } from '../participants/fixtures';

/**
 * T1 the report, against a hand-counted fixture (project in America/Toronto; sorted by last name):
 *
 * | who       | role      | groups | status     | created (local) | e-mail sent | activity | answer | meeting | sale              | field     |
 * |-----------|-----------|--------|------------|-----------------|-------------|----------|--------|---------|-------------------|-----------|
 * | Arsenault | exhibitor |        | confirmed  | 2026-10-31      | yes         |          |        | yes     | courtesy          |           |
 * | Martin    | buyer     | B      | cancelled  | 2026-11-03      | no          |          | c2     |         | paid manual (item)|           |
 * | Roy       | exhibitor |        | registered | 2026-11-05      | yes         |          |        |         | pending card      |           |
 * | Zoé       | buyer     | A      | registered | 2026-11-01      | no          | X        | c1     | yes     | paid card         | Arachides |
 *
 * Activities: X « Atelier » (session, without date); K « Kiosque Nord » (kiosk, category « Ateliers », Nov 20 at
 * 23:30 in Toronto = Nov 21 04:30 UTC) with Arsenault; R « Rencontre Sud » (meeting, Dec 5) with Roy. The persona
 * role is exhibitor. Sales' items: Zoé's paid card sale bought a registration; the paid manual sale bought Martin an
 * activity; Roy's pending sale an activity (pending: not counted).
 */
const { t, camille: organiser, jordan } = withTestApp();
const imports = importSteps(() => t.app);
const ORGANISATION = 'Boulangerie Ünïcode 王小明 Ελλάδα 🍁👩‍💻';

let projectId: string;
let jordanProjectId: string;
let jordanRole: string;
let jordanParticipant: string;
const id: Record<string, string> = {};

const url = (query = '', project = projectId) => `/api/projects/${project}/report${query ? `?${query}` : ''}`;

async function names(query: string) {
  const response = await organiser.get(url(query));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.total).toBe(response.body.items.length);
  return response.body.items.map((p: { lastName: string }) => p.lastName);
}

async function person(companyId: string, lastName: string, firstName: string, organisation?: string) {
  const [row] = await t.database.db
    .insert(persons)
    .values({
      companyId,
      firstName,
      lastName,
      organisation,
      email: `${lastName
        .normalize('NFD')
        .replace(/[^A-Za-z]/g, '')
        .toLowerCase()}.${randomUUID().slice(0, 6)}@example.test`,
    })
    .returning({ id: persons.id });
  return row.id;
}

beforeAll(async () => {
  const project = await buildProject(organiser, { nameFr: 'Salon Été', nameEn: 'Summer Fair' });
  projectId = project.id;
  const companyId = await companyOfProject(t.database.db, projectId);
  const db = t.database.db;
  const owned = { companyId, projectId };
  id.buyer = await insertRole(db, projectId, 'Acheteur', 'Buyer', 0);
  id.exhibitor = await insertRole(db, projectId, 'Exposant', 'Exhibitor', 1);
  const [category] = await db
    .insert(groupCategories)
    .values({ ...owned, nameFr: 'Catégorie', nameEn: 'Category' })
    .returning();
  [{ id: id.groupA }, { id: id.groupB }] = await db
    .insert(groups)
    .values([
      { ...owned, categoryId: category.id, nameFr: 'Groupe A', nameEn: 'Group A' },
      { ...owned, categoryId: category.id, nameFr: 'Groupe B', nameEn: 'Group B' },
    ])
    .returning();
  [{ id: id.field }] = await db
    .insert(profileFields)
    .values({
      ...owned,
      titleFr: 'Allergies',
      titleEn: 'Allergies',
      inputType: 'text',
      isActive: true,
      position: 0,
    } as typeof profileFields.$inferInsert)
    .returning();
  const sent = new Date('2026-10-20T12:00:00Z');
  const rows = [
    ['Arsenault', 'Luc', id.exhibitor, 'confirmed', '2026-11-01T03:30:00Z', sent, {}, undefined],
    ['Martin', 'Émile', id.buyer, 'cancelled', '2026-11-03T12:00:00Z', null, {}, undefined],
    ['Roy', 'Nadia', id.exhibitor, 'registered', '2026-11-05T12:00:00Z', sent, {}, undefined],
    [
      'Zoé',
      'Béatrice',
      id.buyer,
      'registered',
      '2026-11-01T04:30:00Z',
      null,
      { [id.field]: 'Arachides' },
      ORGANISATION,
    ],
  ] as const;
  for (const [
    lastName,
    firstName,
    roleId,
    status,
    created,
    inscriptionSentAt,
    profile,
    organisation,
  ] of rows) {
    const personId = await person(companyId, lastName, firstName, organisation);
    const [row] = await db
      .insert(participants)
      .values({
        ...owned,
        personId,
        roleId,
        status,
        createdAt: new Date(created),
        inscriptionSentAt,
        profile,
      })
      .returning({ id: participants.id });
    id[lastName] = row.id;
  }
  await db.insert(participantGroups).values([
    { participantId: id.Zoé, groupId: id.groupA },
    { participantId: id.Martin, groupId: id.groupB },
  ]);
  [{ id: id.activity }] = await db
    .insert(activities)
    .values({ ...owned, type: 'session', titleFr: 'Atelier', titleEn: 'Workshop', noDate: true })
    .returning();
  await db.insert(activityMembers).values({ ...owned, activityId: id.activity, participantId: id.Zoé });
  [{ id: id.category }] = await db
    .insert(activityCategories)
    .values({ ...owned, kind: 'category', nameFr: 'Ateliers', nameEn: 'Workshops' })
    .returning();
  [{ id: id.kiosk }, { id: id.meeting }] = await db
    .insert(activities)
    .values([
      {
        ...owned,
        type: 'kiosk',
        titleFr: 'Kiosque Nord',
        titleEn: 'North kiosk',
        categoryId: id.category,
        startsAt: new Date('2026-11-21T04:30:00Z'),
      },
      {
        ...owned,
        type: 'meeting',
        titleFr: 'Rencontre Sud',
        titleEn: 'South meeting',
        startsAt: new Date('2026-12-05T15:00:00Z'),
      },
    ])
    .returning();
  await db.insert(activityMembers).values([
    { ...owned, activityId: id.kiosk, participantId: id.Arsenault },
    { ...owned, activityId: id.meeting, participantId: id.Roy },
  ]);
  await db.update(projects).set({ defaultPersonaRoleId: id.exhibitor }).where(eq(projects.id, projectId));
  [{ id: id.question }] = await db
    .insert(questions)
    .values({ ...owned, titleFr: 'Secteur', titleEn: 'Sector' })
    .returning();
  [{ id: id.c1 }, { id: id.c2 }] = await db
    .insert(questionChoices)
    .values([
      { ...owned, questionId: id.question, labelFr: 'Santé', labelEn: 'Health', position: 0 },
      { ...owned, questionId: id.question, labelFr: 'Énergie', labelEn: 'Energy', position: 1 },
    ])
    .returning();
  await db.insert(participantAnswers).values([
    { ...owned, participantId: id.Zoé, questionId: id.question, choiceId: id.c1 },
    { ...owned, participantId: id.Martin, questionId: id.question, choiceId: id.c2 },
  ]);
  await db.insert(meetings).values({
    ...owned,
    pairingId: randomUUID(),
    participantA: id.Zoé,
    participantB: id.Arsenault,
    slot: 0,
    tableNumber: 1,
    startsAt: new Date('2026-11-10T14:00:00Z'),
    endsAt: new Date('2026-11-10T14:20:00Z'),
  });
  const sale = (participantId: string | null, status: string, source: string) => ({
    ...owned,
    participantId,
    status,
    source,
    currency: 'CAD',
    buyerName: 'Acheteur',
    buyerEmail: 'buyer@example.test',
  });
  const [forZoé, , forRoy, forMartin] = await db
    .insert(paymentRequests)
    .values([
      sale(id.Zoé, 'paid', 'card'),
      sale(id.Arsenault, 'courtesy', 'courtesy'),
      sale(id.Roy, 'pending', 'card'),
      sale(null, 'paid', 'manual'),
    ])
    .returning();
  const [registration, activityFee] = await db
    .insert(payments)
    .values([
      { ...owned, kind: 'registration', nameFr: 'Billet', nameEn: 'Ticket', priceCents: 1000 },
      { ...owned, kind: 'activity', nameFr: 'Atelier payant', nameEn: 'Paid workshop', priceCents: 500 },
    ])
    .returning();
  const item = (requestId: string, paymentId: string, participantId: string | null) => ({
    requestId,
    paymentId,
    participantId,
    nameFr: 'Article',
    nameEn: 'Item',
    unitPriceCents: 1000,
    totalCents: 1000,
  });
  await db
    .insert(paymentRequestItems)
    .values([
      item(forMartin.id, activityFee.id, id.Martin),
      item(forZoé.id, registration.id, null),
      item(forRoy.id, activityFee.id, id.Roy),
    ]);

  const other = await buildProject(jordan);
  jordanProjectId = other.id;
  const jordanCompany = await companyOfProject(db, other.id);
  jordanRole = await insertRole(db, other.id, 'Visiteur', 'Visitor');
  const [secret] = await db
    .insert(participants)
    .values({
      companyId: jordanCompany,
      projectId: other.id,
      personId: await person(jordanCompany, 'Secret', 'Sam'),
      roleId: jordanRole,
    })
    .returning({ id: participants.id });
  jordanParticipant = secret.id;
});

describe('the report’s filters (T1), each alone', () => {
  it('lists every participant of the project without a filter, sorted as P5 lists', async () => {
    expect(await names('')).toEqual(['Arsenault', 'Martin', 'Roy', 'Zoé']);
    expect(await names('sort=createdAt&dir=desc')).toEqual(['Roy', 'Martin', 'Zoé', 'Arsenault']);
    const paged = await organiser.get(url('pageSize=25&page=2'));
    expect(paged.body).toMatchObject({ items: [], total: 4, page: 2 });
  });

  it.each([
    ['roles', () => `roleIds=${id.buyer}`, ['Martin', 'Zoé']],
    ['several roles', () => `roleIds=${id.buyer},${id.exhibitor}`, ['Arsenault', 'Martin', 'Roy', 'Zoé']],
    ['a group', () => `groupIds=${id.groupA}`, ['Zoé']],
    ['several groups', () => `groupIds=${id.groupA},${id.groupB}`, ['Martin', 'Zoé']],
    ['participants', () => `participantIds=${id.Arsenault},${id.Roy}`, ['Arsenault', 'Roy']],
    ['created from (the project’s day)', () => 'createdFrom=2026-11-01', ['Martin', 'Roy', 'Zoé']],
    ['created until (the whole day)', () => 'createdTo=2026-10-31', ['Arsenault']],
    ['created on one day', () => 'createdFrom=2026-11-01&createdTo=2026-11-01', ['Zoé']],
    ['search', () => 'q=emile', ['Martin']],
    ['statuses', () => 'statuses=confirmed,cancelled', ['Arsenault', 'Martin']],
    ['active', () => 'active=yes', ['Arsenault', 'Roy', 'Zoé']],
    ['not active', () => 'active=no', ['Martin']],
    ['new', () => 'new=yes', ['Martin', 'Zoé']],
    ['not new', () => 'new=no', ['Arsenault', 'Roy']],
    ['company, name or e-mail', () => `who=${encodeURIComponent('boulangerie')}`, ['Zoé']],
    ['a full name', () => `who=${encodeURIComponent('luc arsenault')}`, ['Arsenault']],
    ['activities', () => `activityIds=${id.activity}`, ['Zoé']],
    ['a question', () => `questionId=${id.question}`, ['Martin', 'Zoé']],
    ['an answer', () => `questionId=${id.question}&choiceIds=${id.c2}`, ['Martin']],
    ['with meetings', () => 'b2b=withMeetings', ['Arsenault', 'Zoé']],
    ['without meetings', () => 'b2b=withoutMeetings', ['Martin', 'Roy']],
    ['a profile field', () => `fieldId=${id.field}&fieldValue=arach`, ['Zoé']],
    ['paid (bought or bought for)', () => 'payment=paid', ['Martin', 'Zoé']],
    ['courtesy', () => 'payment=courtesy', ['Arsenault']],
    ['unpaid', () => 'payment=unpaid', ['Roy']],
    ['paid by card', () => 'paymentSource=card', ['Zoé']],
    ['paid by hand', () => 'paymentSource=manual', ['Martin']],
    ['personas', () => 'persona=yes', ['Arsenault', 'Roy']],
    ['not personas', () => 'persona=no', ['Martin', 'Zoé']],
    ['an activity type (dated or not)', () => 'activityTypes=session', ['Zoé']],
    ['activity types', () => 'activityTypes=kiosk,meeting', ['Arsenault', 'Roy']],
    ['an activity category', () => `categoryIds=${id.category}`, ['Arsenault']],
    ['activities from a day (the project’s day)', () => 'activityFrom=2026-11-21', ['Roy']],
    ['activities until a day (the whole day)', () => 'activityTo=2026-11-20', ['Arsenault']],
    ['cost type: a registration bought', () => 'costType=registration', ['Zoé']],
    ['cost type: an activity bought for them', () => 'costType=activity', ['Martin']],
  ])('%s', async (_, query, expected) => {
    expect(await names(query())).toEqual(expected);
  });
});

describe('the report’s filters combined', () => {
  it.each([
    ['buyers, active, paid', () => `roleIds=${id.buyer}&active=yes&payment=paid`, ['Zoé']],
    [
      'exhibitors, e-mailed, without meetings',
      () => `roleIds=${id.exhibitor}&new=no&b2b=withoutMeetings`,
      ['Roy'],
    ],
    ['since a day, registered', () => 'createdFrom=2026-11-01&statuses=registered', ['Roy', 'Zoé']],
    [
      'five at once',
      () =>
        `roleIds=${id.buyer}&groupIds=${id.groupA}&questionId=${id.question}&b2b=withMeetings&payment=paid`,
      ['Zoé'],
    ],
    ['nothing matches', () => `roleIds=${id.exhibitor}&payment=paid`, []],
    [
      'one activity must meet every activity filter',
      () => `activityTypes=meeting&categoryIds=${id.category}`,
      [],
    ],
    [
      'an activity of a type on a day',
      () => 'activityTypes=kiosk&activityFrom=2026-11-20&activityTo=2026-11-20',
      ['Arsenault'],
    ],
  ])('%s', async (_, query, expected) => {
    expect(await names(query())).toEqual(expected);
  });
});

describe('the report’s pages', () => {
  // A filter on another table (groups here) reads the page and its total in one statement: the same pages as the list's.
  it.each([
    ['the first page', 'pageSize=25&page=1', ['Martin', 'Zoé'], 2],
    ['past the last page', 'pageSize=25&page=2', [], 2],
    ['sorted the other way', 'sort=lastName&dir=desc', ['Zoé', 'Martin'], 2],
    ['with a search', 'q=emile', ['Martin'], 1],
  ])('%s, filtered by groups', async (_, query, expected, total) => {
    const response = await organiser.get(url(`groupIds=${id.groupA},${id.groupB}&${query}`));
    expect(response.status).toBe(200);
    expect(response.body.items.map((p: { lastName: string }) => p.lastName)).toEqual(expected);
    expect(response.body.total).toBe(total);
  });
});

describe('the report’s scope', () => {
  it('never shows another company’s project, nor its roles or participants', async () => {
    expect((await jordan.get(url(''))).status).toBe(404);
    expect((await jordan.get(`${url('')}/export.xlsx`)).status).toBe(404);
    expect((await jordan.get(`/api/projects/${projectId}/report/options`)).status).toBe(404);
    expect(await names(`roleIds=${jordanRole}`)).toEqual([]);
    expect(await names(`participantIds=${jordanParticipant}`)).toEqual([]);
    const own = await jordan.get(url('', jordanProjectId));
    expect(own.body.items.map((p: { lastName: string }) => p.lastName)).toEqual(['Secret']);
  });

  it('offers the project’s own roles, groups, activities, questions with answers and fields', async () => {
    const response = await organiser.get(`/api/projects/${projectId}/report/options`);
    expect(response.status).toBe(200);
    expect(response.body.roles.map((r: { name: { fr: string } }) => r.name.fr)).toEqual([
      'Acheteur',
      'Exposant',
    ]);
    expect(response.body.groups).toHaveLength(2);
    expect(response.body.activities).toEqual([
      { id: id.activity, name: { fr: 'Atelier', en: 'Workshop' } },
      { id: id.kiosk, name: { fr: 'Kiosque Nord', en: 'North kiosk' } },
      { id: id.meeting, name: { fr: 'Rencontre Sud', en: 'South meeting' } },
    ]);
    expect(response.body.categories).toEqual([
      { id: id.category, name: { fr: 'Ateliers', en: 'Workshops' } },
    ]);
    expect(response.body.hasPersona).toBe(true);
    expect(response.body.questions[0].choices.map((c: { name: { en: string } }) => c.name.en)).toEqual([
      'Health',
      'Energy',
    ]);
    expect(response.body.fields).toEqual([{ id: id.field, name: { fr: 'Allergies', en: 'Allergies' } }]);
    expect(response.body.hasSales).toBe(true);
  });
});

describe('a wrong filter', () => {
  it('is a 400 naming the field, translated in the caller’s language', async () => {
    const fr = await organiser.get(url('roleIds=abc'));
    expect(fr.status).toBe(400);
    expect(fr.body.fields).toContainEqual(
      expect.objectContaining({
        field: expect.stringMatching(/^roleIds/),
        code: 'validation.reports.roleIds',
        message: 'Rôles : chaque rôle doit être un identifiant valide.',
      }),
    );
    const en = await jordan.get(url('createdFrom=2026-13-01', jordanProjectId));
    expect(en.status).toBe(400);
    expect(en.body.fields).toContainEqual(
      expect.objectContaining({
        field: 'createdFrom',
        message: 'Registered from: invalid date (YYYY-MM-DD).',
      }),
    );
    const payment = await organiser.get(url('payment=maybe'));
    expect(payment.status).toBe(400);
    expect(payment.body.fields).toContainEqual(expect.objectContaining({ field: 'payment' }));
    const type = await organiser.get(url('activityTypes=session,boat'));
    expect(type.status).toBe(400);
    expect(type.body.fields).toContainEqual(
      expect.objectContaining({
        field: expect.stringMatching(/^activityTypes/),
        message: expect.stringMatching(/^Types d’activité : choisissez parmi/),
      }),
    );
    const cost = await jordan.get(url('costType=free', jordanProjectId));
    expect(cost.body.fields).toContainEqual(
      expect.objectContaining({ field: 'costType', message: 'Cost type: choose registration or activity.' }),
    );
  });
});

describe('the Excel export of the report', () => {
  it('holds exactly the filtered rows, multi-byte text unchanged', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${url('')}/export.xlsx?roleIds=${id.buyer}&sort=lastName&dir=desc`,
      cookies: { ...organiser.cookies },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toMatch(
      /^attachment; filename="rapport-salon-ete-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Rapport');
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0].slice(0, 3)).toEqual(['Nom de famille', 'Prénom', 'Courriel']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Zoé', 'Martin']);
    expect(rows[1][3]).toBe(ORGANISATION);
    expect(rows[1].slice(-2)).toEqual(['Arachides', 'Santé']);

    // Imported back into the same project (U3), the file changes nobody: the multi-byte organisation reads the same.
    const uploaded = await imports.upload(organiser, projectId, response.rawPayload, 'rapport.xlsx');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const run = await imports.dryRun(organiser, projectId, uploaded.body.id);
    expect(run.body.summary).toEqual({ create: 0, update: 0, unchanged: 2, skip: 0 });
  });
});

describe('the report by e-mail (T2)', () => {
  it('queues the filtered workbook as an attachment in the outbox, in the sender’s language', async () => {
    const response = await organiser.post(`${url('')}/email`, {
      roleIds: [id.buyer],
      payment: 'paid',
      to: 'Commanditaire@Example.test',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.to).toBe('commanditaire@example.test');
    const [message] = await t.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, response.body.messageId));
    expect(message).toMatchObject({ kind: 'report', toEmail: 'commanditaire@example.test', projectId });
    expect(message.subject).toBe('Rapport des participants — Salon Été');
    const [attachment] = message.attachments ?? [];
    expect(attachment.filename).toMatch(/^rapport-salon-ete-.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(attachment.content, 'base64') as unknown as ArrayBuffer);
    const names: unknown[] = [];
    workbook.worksheets[0].eachRow((row, n) => {
      if (n > 1) names.push(row.getCell(1).value);
    });
    expect(names).toEqual(['Martin', 'Zoé']);
  });

  it('refuses a wrong address under its field, and another company’s project', async () => {
    const bad = await organiser.post(`${url('')}/email`, { to: 'pas-une-adresse' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toContainEqual(
      expect.objectContaining({ field: 'to', code: 'validation.email' }),
    );
    expect((await jordan.post(`${url('')}/email`, { to: 'x@example.test' })).status).toBe(404);
  });
});
