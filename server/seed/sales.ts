import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { lineTotals, promoDiscount, refundTotals } from '../../contracts/money';
import { TAXES_OPTION } from '../../contracts/project-options';
import type { Executor } from '../db/client';
import {
  activities,
  billSequences,
  bills,
  type ChargedTax,
  participants,
  paymentCategories,
  paymentRequestItems,
  paymentRequests,
  paymentRoles,
  payments,
  paymentTaxes,
  persons,
  projectOptions,
  promoCodes,
  refunds,
  registrationPages,
  roles,
  salesSettings,
  taxes,
} from '../db/schema';
import { findFirstDemoProject } from './groups';

/**
 * The demo project's sales (docs/sales/): Québec's two taxes, three registrations and a paid gala dinner, two promo
 * codes, and 60 sales across the four tabs (45 paid, of which 5 archived, 8 pending, 7 courtesy), with a partial
 * refund of a discounted registration and a full one, each with its credit note; the public registration page's
 * address. Owner: sales.
 */

export const DEMO_TAXES = [
  { nameFr: 'TPS', nameEn: 'GST', rateMilli: 5000, registrationNumber: '123456789 RT0001' },
  { nameFr: 'TVQ', nameEn: 'QST', rateMilli: 9975, registrationNumber: '1234567890 TQ0001' },
] as const;

export const DEMO_PAYMENTS = [
  { key: 'full', nameFr: 'Passeport deux jours', nameEn: 'Two-day pass', priceCents: 25_000, quantity: 300 },
  { key: 'day', nameFr: 'Passeport une journée', nameEn: 'One-day pass', priceCents: 15_000, quantity: 200 },
  { key: 'student', nameFr: 'Passeport étudiant', nameEn: 'Student pass', priceCents: 7_500, quantity: 50 },
  { key: 'gala', nameFr: 'Souper gala', nameEn: 'Gala dinner', priceCents: 12_000, quantity: 120 },
] as const;
type PaymentKey = (typeof DEMO_PAYMENTS)[number]['key'];

export const DEMO_PROMO_CODES = [
  {
    code: 'MAILLAGE20',
    payment: 'full' as PaymentKey,
    kind: 'percent' as const,
    value: 20_000,
    maxUses: null,
  },
  {
    code: 'ETUDIANT10',
    payment: 'student' as PaymentKey,
    kind: 'amount' as const,
    value: 1_000,
    maxUses: 25,
  },
];

const DAY = 86_400_000;

export async function seedSales(db: Executor, now = new Date()) {
  const project = await findFirstDemoProject(db);
  if (!project) return;
  const scope = { companyId: project.companyId, projectId: project.id };
  await db.insert(projectOptions).values({ projectId: project.id, optionId: TAXES_OPTION, value: true });
  await db.insert(salesSettings).values({
    ...scope,
    currency: 'CAD',
    sellerName: 'Événements Maillage inc.',
    sellerAddress: '1000, rue De La Gauchetière Ouest, bureau 2400\nMontréal (Québec) H3B 4W5',
  });
  const taxRows = await db
    .insert(taxes)
    .values(DEMO_TAXES.map((tax, position) => ({ ...scope, ...tax, position })))
    .returning();
  const charged = (base: number): ChargedTax[] =>
    lineTotals(base, 1, 0, taxRows).taxes.map((t) => ({
      taxId: t.id,
      nameFr: t.nameFr,
      nameEn: t.nameEn,
      rateMilli: t.rateMilli,
      registrationNumber: t.registrationNumber,
      amountCents: t.amountCents,
    }));

  const [registrations, paidActivities] = await db
    .insert(paymentCategories)
    .values([
      { ...scope, nameFr: 'Inscriptions', nameEn: 'Registrations', position: 0 },
      { ...scope, nameFr: 'Activités payantes', nameEn: 'Paid activities', position: 1 },
    ])
    .returning();
  const [gala] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.projectId, project.id), eq(activities.titleFr, 'Souper gala')));
  const saleOpened = new Date(now.getTime() - 30 * DAY);
  const paymentRows = await db
    .insert(payments)
    .values(
      DEMO_PAYMENTS.map((p, position) => ({
        ...scope,
        kind: p.key === 'gala' ? 'activity' : 'registration',
        categoryId: p.key === 'gala' ? paidActivities.id : registrations.id,
        activityId: p.key === 'gala' ? (gala?.id ?? null) : null,
        nameFr: p.nameFr,
        nameEn: p.nameEn,
        priceCents: p.priceCents,
        position,
        onSale: true,
        saleStartsAt: saleOpened,
        quantity: p.quantity,
      })),
    )
    .returning();
  const paymentOf = Object.fromEntries(DEMO_PAYMENTS.map((p, i) => [p.key, paymentRows[i]])) as Record<
    PaymentKey,
    (typeof paymentRows)[number]
  >;
  await db
    .insert(paymentTaxes)
    .values(paymentRows.flatMap((p) => taxRows.map((t) => ({ paymentId: p.id, taxId: t.id }))));
  const projectRoles = await db.select({ id: roles.id }).from(roles).where(eq(roles.projectId, project.id));
  await db
    .insert(paymentRoles)
    .values(
      paymentRows
        .filter((p) => p.kind === 'registration')
        .flatMap((p) => projectRoles.map((r) => ({ paymentId: p.id, roleId: r.id }))),
    );
  const promoRows = await db
    .insert(promoCodes)
    .values(
      DEMO_PROMO_CODES.map((c) => ({
        ...scope,
        paymentId: paymentOf[c.payment].id,
        code: c.code,
        kind: c.kind,
        value: c.value,
        maxUses: c.maxUses,
      })),
    )
    .returning();
  const promoOf = new Map(promoRows.map((c) => [c.paymentId, c]));

  const buyers = await db
    .select({
      id: participants.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      email: persons.email,
      organisation: persons.organisation,
      language: persons.language,
    })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(eq(participants.projectId, project.id))
    .orderBy(asc(persons.lastName), asc(persons.firstName));
  if (!buyers.length) return;

  const sold = new Map<string, number>();
  const uses = new Map<string, number>();
  let billNumber = 0;
  const keys: PaymentKey[] = ['full', 'day', 'full', 'student', 'full', 'day'];
  // 60 sales: a few buyers come back for a second one.
  for (let i = 0; i < 60; i++) {
    const buyer = buyers[i % buyers.length];
    // 0–44 paid (40–44 archived), 45–52 pending, 53–59 courtesy.
    const status = i < 45 ? 'paid' : i < 53 ? 'pending' : 'courtesy';
    const lines: { payment: (typeof paymentRows)[number]; withCode: boolean }[] = [
      { payment: paymentOf[keys[i % keys.length]], withCode: i % 7 === 0 },
    ];
    if (i % 4 === 0) lines.push({ payment: paymentOf.gala, withCode: false });
    const items = lines.map(({ payment, withCode }, position) => {
      const promo = withCode ? promoOf.get(payment.id) : undefined;
      const courtesy = status === 'courtesy';
      const discountCents = courtesy
        ? payment.priceCents
        : promo
          ? promoDiscount(payment.priceCents, promo.kind as 'amount' | 'percent', promo.value)
          : 0;
      const line = lineTotals(payment.priceCents, 1, discountCents, taxRows);
      sold.set(payment.id, (sold.get(payment.id) ?? 0) + 1);
      if (promo) uses.set(promo.id, (uses.get(promo.id) ?? 0) + 1);
      return {
        paymentId: payment.id,
        participantId: buyer.id,
        nameFr: payment.nameFr,
        nameEn: payment.nameEn,
        unitPriceCents: payment.priceCents,
        promoCodeId: promo?.id ?? null,
        promoCode: promo?.code ?? null,
        discountCents: line.discountCents,
        taxes: charged(line.baseCents),
        totalCents: line.totalCents,
        position,
        baseCents: line.baseCents,
        subtotalCents: line.subtotalCents,
        taxCents: line.taxCents,
      };
    });
    const sum = (pick: (item: (typeof items)[number]) => number) =>
      items.reduce((s, item) => s + pick(item), 0);
    const createdAt = new Date(saleOpened.getTime() + (i + 1) * (DAY / 3));
    const [request] = await db
      .insert(paymentRequests)
      .values({
        ...scope,
        participantId: buyer.id,
        status,
        archived: i >= 40 && i < 45,
        source: status === 'courtesy' ? 'courtesy' : i % 5 === 4 ? 'manual' : 'card',
        currency: 'CAD',
        buyerName: `${buyer.firstName} ${buyer.lastName}`,
        buyerEmail: buyer.email,
        buyerOrganisation: buyer.organisation ?? '',
        language: buyer.language,
        subtotalCents: sum((item) => item.subtotalCents),
        discountCents: sum((item) => item.discountCents),
        taxCents: sum((item) => item.taxCents),
        totalCents: sum((item) => item.totalCents),
        paidAt: status === 'paid' ? createdAt : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: paymentRequests.id });
    const itemRows = await db
      .insert(paymentRequestItems)
      .values(
        items.map(({ baseCents: _b, subtotalCents: _s, taxCents: _t, ...item }) => ({
          ...item,
          requestId: request.id,
        })),
      )
      .returning({ id: paymentRequestItems.id });
    if (status !== 'paid') continue;
    billNumber += 1;
    await db.insert(bills).values({
      ...scope,
      requestId: request.id,
      kind: 'invoice',
      number: billNumber,
      language: buyer.language,
      createdAt,
    });
    // The worked example of docs/sales/money.md: a discounted two-day pass, $35.00 retained (i = 0 has the code);
    // and a one-day pass refunded in full.
    const refundOf =
      i === 0 ? { full: false, retained: 3_500 } : i === 1 ? { full: true, retained: 0 } : null;
    if (!refundOf) continue;
    const item = items[0];
    const refund = refundTotals(item.baseCents, refundOf.retained, taxRows, refundOf.full);
    if (!refund) continue;
    const refundedAt = new Date(createdAt.getTime() + 2 * DAY);
    const [refundRow] = await db
      .insert(refunds)
      .values({
        ...scope,
        requestId: request.id,
        itemId: itemRows[0].id,
        full: refundOf.full,
        feeCents: item.baseCents,
        retainedCents: refund.retainedCents,
        totalCents: refund.totalCents,
        taxes: charged(refund.totalCents),
        totalWithTaxesCents: refund.totalWithTaxesCents,
        status: 'succeeded',
        idempotencyKey: `demo-refund-${i}`,
        stripeRefundId: `re_demo_${i}`,
        createdAt: refundedAt,
        updatedAt: refundedAt,
      })
      .returning({ id: refunds.id });
    await db
      .update(paymentRequestItems)
      .set({ refundedCents: refund.totalWithTaxesCents })
      .where(eq(paymentRequestItems.id, itemRows[0].id));
    await db
      .update(paymentRequests)
      .set({ refundedCents: refund.totalWithTaxesCents })
      .where(eq(paymentRequests.id, request.id));
    if (refundOf.full) sold.set(item.paymentId, (sold.get(item.paymentId) ?? 1) - 1);
    billNumber += 1;
    await db.insert(bills).values({
      ...scope,
      requestId: request.id,
      refundId: refundRow.id,
      kind: 'credit_note',
      number: billNumber,
      language: buyer.language,
      createdAt: refundedAt,
    });
  }
  for (const [paymentId, count] of sold) {
    await db.update(payments).set({ sold: count }).where(eq(payments.id, paymentId));
  }
  for (const [promoId, count] of uses) {
    await db.update(promoCodes).set({ uses: count }).where(eq(promoCodes.id, promoId));
  }
  // The public registration page's address (Inscriptions › Page d'inscription), open.
  await db.insert(registrationPages).values({ ...scope, token: randomBytes(32).toString('base64url') });
  await db
    .insert(billSequences)
    .values({ companyId: project.companyId, last: billNumber })
    .onConflictDoUpdate({ target: billSequences.companyId, set: { last: sql`excluded.last` } });
}
