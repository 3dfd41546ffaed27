import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { buildActivity, buildProject, insertParticipants } from '../../../tests/support/test-app';
import {
  activityMembers,
  participants,
  paymentCategories,
  paymentRequestItems,
  paymentRequests,
  payments,
  projects,
  roles,
} from '../../db/schema';

const { t, camille, jordan } = withTestApp();

const chartUrl = (projectId: string, widget: string, query = '') =>
  `/api/projects/${projectId}/charts/${widget}${query ? `?${query}` : ''}`;
const csvUrl = (projectId: string, widget: string, query = '') =>
  `/api/projects/${projectId}/charts/${widget}.csv${query ? `?${query}` : ''}`;

/** Participants of the project created at these instants (one each). */
async function participantsAt(projectId: string, instants: string[]) {
  const ids = await insertParticipants(
    t.deps.db,
    projectId,
    instants.map((_, i) => ({ first: `P${i}`, last: 'Essai' })),
  );
  for (const [i, id] of ids.entries())
    await t.deps.db
      .update(participants)
      .set({ createdAt: new Date(instants[i]) })
      .where(eq(participants.id, id));
  return ids;
}

async function chart(projectId: string, widget: string, query = '') {
  const response = await camille.get(chartUrl(projectId, widget, query));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const pairs = (body: { labels: { key: string }[]; values: number[] }) =>
  body.labels.map((l, i) => [l.key, body.values[i]]);

describe('T3 charts over time, in the project’s zone', () => {
  // America/Toronto springs forward on Sunday 2026-03-08 at 02:00 (UTC−5 → UTC−4).
  const AROUND_DST = [
    '2026-01-01T04:30:00Z', // 2025-12-31 23:30 in Toronto
    '2026-03-08T04:30:00Z', // Sat 03-07 23:30 EST
    '2026-03-08T05:30:00Z', // Sun 03-08 00:30 EST
    '2026-03-09T03:30:00Z', // Sun 03-08 23:30 EDT
    '2026-03-09T04:30:00Z', // Mon 03-09 00:30 EDT
    '2026-03-12T12:00:00Z', // Thu 03-12
  ];

  it('counts inscriptions by day, week from Monday, month and year, the empty buckets as 0', async () => {
    const project = await buildProject(camille, { timeZone: 'America/Toronto' });
    await participantsAt(project.id, AROUND_DST);

    const day = await chart(project.id, 'inscriptions', 'period=D');
    expect(day).toMatchObject({ widget: 'inscriptions', period: 'D', unit: 'count', currency: null });
    const days = pairs(day);
    expect(days[0]).toEqual(['2025-12-31', 1]);
    expect(days.slice(-6)).toEqual([
      ['2026-03-07', 1],
      ['2026-03-08', 2],
      ['2026-03-09', 1],
      ['2026-03-10', 0],
      ['2026-03-11', 0],
      ['2026-03-12', 1],
    ]);
    expect(day.total).toBe(72);
    expect(day.series).toHaveLength(1);
    expect(day.series[0].name).toEqual({ fr: 'Participants', en: 'Participants' });

    const weeks = await chart(project.id, 'inscriptions', 'period=W');
    expect(pairs(weeks).slice(-2)).toEqual([
      ['2026-03-02', 3],
      ['2026-03-09', 2],
    ]);
    expect(pairs(weeks)[0]).toEqual(['2025-12-29', 1]);

    expect(pairs(await chart(project.id, 'inscriptions', 'period=M'))).toEqual([
      ['2025-12-01', 1],
      ['2026-01-01', 0],
      ['2026-02-01', 0],
      ['2026-03-01', 5],
    ]);
    expect(pairs(await chart(project.id, 'inscriptions', 'period=Y'))).toEqual([
      ['2025-01-01', 1],
      ['2026-01-01', 5],
    ]);
  });

  it('follows the zone: the same instants in Paris fall on other days', async () => {
    const project = await buildProject(camille, { timeZone: 'Europe/Paris' });
    await participantsAt(project.id, AROUND_DST.slice(1, 5));
    // 03-08 04:30, 05:30 and 03-09 03:30, 04:30 UTC are all 05:30 or later in Paris (UTC+1).
    expect(pairs(await chart(project.id, 'inscriptions', 'period=D'))).toEqual([
      ['2026-03-08', 2],
      ['2026-03-09', 2],
    ]);
  });

  it('pages 200 buckets at a time', async () => {
    const project = await buildProject(camille);
    await participantsAt(project.id, ['2026-01-01T17:00:00Z', '2026-09-07T17:00:00Z']); // 250 days
    const first = await chart(project.id, 'inscriptions', 'period=D');
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 250 });
    expect(first.labels).toHaveLength(200);
    expect(first.labels[0].key).toBe('2026-01-01');
    const second = await chart(project.id, 'inscriptions', 'period=D&page=2');
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 250 });
    expect(second.labels).toHaveLength(50);
    expect(pairs(second).at(-1)).toEqual(['2026-09-07', 1]);
    const past = await chart(project.id, 'inscriptions', 'period=D&page=3');
    expect(past).toMatchObject({ page: 3, pageCount: 2, total: 250, labels: [], values: [] });
    const months = await chart(project.id, 'inscriptions', 'period=M');
    expect(months).toMatchObject({ pageCount: 1, total: 9 });
  });

  it('answers an empty chart for a project without data', async () => {
    const project = await buildProject(camille);
    for (const widget of ['inscriptions', 'activity-inscriptions', 'sales']) {
      const body = await chart(project.id, widget, 'period=W');
      expect(body).toMatchObject({ labels: [], values: [], page: 1, pageCount: 1, total: 0 });
    }
  });

  it('counts activity inscriptions when they were made', async () => {
    const project = await buildProject(camille);
    const [a, b] = await participantsAt(project.id, ['2026-02-01T17:00:00Z', '2026-02-01T17:00:00Z']);
    const activity = await buildActivity(camille, project.id);
    const [row] = await t.deps.db.select().from(projects).where(eq(projects.id, project.id));
    await t.deps.db.insert(activityMembers).values([
      {
        companyId: row.companyId,
        projectId: project.id,
        activityId: activity.id,
        participantId: a,
        createdAt: new Date('2026-02-02T17:00:00Z'),
      },
      {
        companyId: row.companyId,
        projectId: project.id,
        activityId: activity.id,
        participantId: b,
        createdAt: new Date('2026-02-04T17:00:00Z'),
      },
    ]);
    const body = await chart(project.id, 'activity-inscriptions', 'period=D');
    expect(pairs(body)).toEqual([
      ['2026-02-02', 1],
      ['2026-02-03', 0],
      ['2026-02-04', 1],
    ]);
    expect(body.series[0].name.fr).toBe('Inscriptions');
  });
});

/** A paid (or not) sale of these items, each of a payment of a category (or none). */
async function sale(
  projectId: string,
  paidAt: string,
  items: { paymentId: string; cents: number; refunded?: number }[],
  status = 'paid',
) {
  const [project] = await t.deps.db.select().from(projects).where(eq(projects.id, projectId));
  const [request] = await t.deps.db
    .insert(paymentRequests)
    .values({
      companyId: project.companyId,
      projectId,
      status,
      source: 'manual',
      currency: 'CAD',
      buyerName: 'Zoé Tremblay',
      buyerEmail: 'zoe@example.test',
      totalCents: items.reduce((s, i) => s + i.cents, 0),
      refundedCents: items.reduce((s, i) => s + (i.refunded ?? 0), 0),
      paidAt: status === 'paid' ? new Date(paidAt) : null,
    })
    .returning();
  await t.deps.db.insert(paymentRequestItems).values(
    items.map((item) => ({
      requestId: request.id,
      paymentId: item.paymentId,
      nameFr: 'Article',
      nameEn: 'Item',
      unitPriceCents: item.cents,
      totalCents: item.cents,
      refundedCents: item.refunded ?? 0,
    })),
  );
}

async function payment(projectId: string, categoryName: string | null) {
  const [project] = await t.deps.db.select().from(projects).where(eq(projects.id, projectId));
  const owned = { companyId: project.companyId, projectId };
  const category = categoryName
    ? (
        await t.deps.db
          .insert(paymentCategories)
          .values({ ...owned, nameFr: categoryName, nameEn: `${categoryName} (en)` })
          .returning()
      )[0]
    : null;
  const [row] = await t.deps.db
    .insert(payments)
    .values({ ...owned, nameFr: 'Billet', nameEn: 'Ticket', categoryId: category?.id ?? null })
    .returning();
  return { paymentId: row.id, categoryId: category?.id ?? 'none' };
}

describe('T3 sales stacked by payment category', () => {
  it('sums the paid items net of refunds, by category, in cents', async () => {
    const project = await buildProject(camille);
    const gala = await payment(project.id, 'Soirée « Érable » 🍁');
    const none = await payment(project.id, null);
    await sale(project.id, '2026-05-04T15:00:00Z', [
      { paymentId: gala.paymentId, cents: 12_500 },
      { paymentId: none.paymentId, cents: 2_000, refunded: 500 },
    ]);
    await sale(project.id, '2026-05-06T15:00:00Z', [{ paymentId: gala.paymentId, cents: 10_000 }]);
    await sale(project.id, '2026-05-05T15:00:00Z', [{ paymentId: gala.paymentId, cents: 99_999 }], 'pending');
    const body = await chart(project.id, 'sales', 'period=D');
    expect(body).toMatchObject({ unit: 'money', currency: 'CAD', total: 3 });
    expect(body.series.map((s: { key: string; values: number[] }) => [s.key, s.values])).toEqual([
      [gala.categoryId, [12_500, 0, 10_000]],
      ['none', [1_500, 0, 0]],
    ]);
    expect(body.series[0].name).toEqual({ fr: 'Soirée « Érable » 🍁', en: 'Soirée « Érable » 🍁 (en)' });
    expect(body.values).toEqual([14_000, 0, 10_000]);

    const csv = await camille.get(csvUrl(project.id, 'sales', 'period=D'));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename=".*ventes-D\.csv"/);
    expect(csv.body.startsWith('\ufeff')).toBe(true);
    expect(parse(csv.body, { bom: true, delimiter: ';' })).toEqual([
      ['Jour', 'Soirée « Érable » 🍁', 'Sans catégorie', 'Total'],
      ['2026-05-04', '125,00', '15,00', '140,00'],
      ['2026-05-05', '0,00', '0,00', '0,00'],
      ['2026-05-06', '100,00', '0,00', '100,00'],
    ]);
  });
});

describe('T3 participants by role, and the CSV read back', () => {
  it('counts every role, 0 included, and the CSV says the same character for character', async () => {
    const project = await buildProject(camille);
    const names = [
      { fr: 'Exposant·e 東京 🎉', en: 'Exhibitor 東京 🎉' },
      { fr: 'Ĕnquêteur «Ωμέγα»', en: 'Surveyor «Ωμέγα»' },
    ];
    await insertParticipants(
      t.deps.db,
      project.id,
      [
        { first: 'A', last: 'B' },
        { first: 'C', last: 'D' },
      ],
      names[0],
    );
    await insertParticipants(t.deps.db, project.id, [{ first: 'E', last: 'F' }], names[1]);
    const [project0] = await t.deps.db.select().from(projects).where(eq(projects.id, project.id));
    await t.deps.db.insert(roles).values({
      companyId: project0.companyId,
      projectId: project.id,
      nameFr: 'Vide',
      nameEn: 'Empty',
      position: 99,
    });

    const body = await chart(project.id, 'roles', 'period=Y');
    expect(body.period).toBeNull();
    const counts = Object.fromEntries(
      body.labels.map((l: { name: { fr: string } }, i: number) => [l.name.fr, body.values[i]]),
    );
    expect(counts).toMatchObject({ [names[0].fr]: 2, [names[1].fr]: 1, Vide: 0 });

    const fr = await camille.get(csvUrl(project.id, 'roles'));
    const rows = parse(fr.body, { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual(['Rôle', 'Participants']);
    expect(rows.slice(1)).toEqual(
      body.labels.map((l: { name: { fr: string } }, i: number) => [l.name.fr, String(body.values[i])]),
    );
    expect(rows.flat().join('')).toContain('Exposant·e 東京 🎉');
  });

  it('speaks English to an English user: header, names and commas', async () => {
    const project = await buildProject(jordan);
    await insertParticipants(t.deps.db, project.id, [{ first: 'A', last: 'B' }], {
      fr: 'Acheteur',
      en: 'Buyer',
    });
    const csv = await jordan.get(csvUrl(project.id, 'roles'));
    expect(csv.status).toBe(200);
    const rows = parse(csv.body, { bom: true, delimiter: ',' }) as string[][];
    expect(rows[0]).toEqual(['Role', 'Participants']);
    expect(rows).toContainEqual(['Buyer', '1']);
  });
});

describe('T3 charts: refusals and scoping', () => {
  it('refuses a bad period, widget or page with a field error, in the user’s language', async () => {
    const project = await buildProject(camille);
    const period = await camille.get(chartUrl(project.id, 'inscriptions', 'period=X'));
    expect(period.status).toBe(400);
    expect(period.body.fields[0]).toMatchObject({ field: 'period' });
    expect(period.body.fields[0].message).toMatch(/Période invalide/);
    const csv = await camille.get(csvUrl(project.id, 'sales', 'period=day'));
    expect(csv.status).toBe(400);
    expect(csv.body.fields[0].field).toBe('period');
    const widget = await camille.get(chartUrl(project.id, 'pie'));
    expect(widget.status).toBe(400);
    expect(widget.body.fields[0].field).toBe('widget');
    const page = await camille.get(chartUrl(project.id, 'inscriptions', 'page=0'));
    expect(page.status).toBe(400);
    expect(page.body.fields[0].field).toBe('page');
    const english = await jordan.get(chartUrl(project.id, 'inscriptions', 'period=X'));
    expect(english.status).toBe(400);
    expect(english.body.fields[0].message).toMatch(/Invalid period/);
  });

  it('shows another company’s project to nobody', async () => {
    const project = await buildProject(camille);
    await participantsAt(project.id, ['2026-02-01T17:00:00Z']);
    expect((await jordan.get(chartUrl(project.id, 'inscriptions'))).status).toBe(404);
    expect((await jordan.get(chartUrl(project.id, 'roles'))).status).toBe(404);
    expect((await jordan.get(csvUrl(project.id, 'sales'))).status).toBe(404);
    // Camille's own project counts only its own participants.
    const other = await buildProject(camille);
    expect((await chart(other.id, 'inscriptions')).total).toBe(0);
  });
});
