import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { lineTotals } from '../../../contracts/money';
import type { Executor } from '../../db/client';
import { type ChargedTax, paymentRequestItems, paymentRequests, payments, projects } from '../../db/schema';

/** Québec's two taxes as a sale copies them (2026 rates). */
export const GST: ChargedTax = {
  taxId: null,
  nameFr: 'TPS',
  nameEn: 'GST',
  rateMilli: 5000,
  registrationNumber: '123456789 RT0001',
  amountCents: 0,
};
export const QST: ChargedTax = {
  taxId: null,
  nameFr: 'TVQ',
  nameEn: 'QST',
  rateMilli: 9975,
  registrationNumber: '1234567890 TQ0001',
  amountCents: 0,
};

export interface SaleLine {
  name?: string;
  unitPriceCents: number;
  quantity?: number;
  discountCents?: number;
  promoCode?: string;
  taxes?: ChargedTax[];
  paymentId?: string;
}

export interface SaleSeed {
  status?: 'pending' | 'paid' | 'courtesy' | 'cancelled';
  source?: 'card' | 'free' | 'manual' | 'courtesy';
  archived?: boolean;
  buyerName?: string;
  buyerEmail?: string;
  buyerOrganisation?: string;
  createdAt?: Date;
  stripePaymentIntentId?: string;
  lines?: SaleLine[];
}

/** A sale written straight into the database, its sums computed by contracts/money.ts as a checkout would. */
export async function insertSale(db: Executor, projectId: string, seed: SaleSeed = {}) {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  const lines = (seed.lines ?? [{ unitPriceCents: 10_000, taxes: [GST, QST] }]).map((line) => ({
    line,
    sums: lineTotals(line.unitPriceCents, line.quantity ?? 1, line.discountCents ?? 0, line.taxes ?? []),
  }));
  const add = (pick: (s: (typeof lines)[number]['sums']) => number) =>
    lines.reduce((sum, l) => sum + pick(l.sums), 0);
  const status = seed.status ?? 'paid';
  const [sale] = await db
    .insert(paymentRequests)
    .values({
      companyId: project.companyId,
      projectId,
      status,
      archived: seed.archived ?? false,
      source: seed.source ?? (status === 'courtesy' ? 'courtesy' : 'manual'),
      currency: 'CAD',
      buyerName: seed.buyerName ?? `Acheteur ${randomUUID().slice(0, 6)}`,
      buyerEmail: seed.buyerEmail ?? `${randomUUID()}@example.test`,
      buyerOrganisation: seed.buyerOrganisation ?? '',
      subtotalCents: add((s) => s.subtotalCents),
      discountCents: add((s) => s.discountCents),
      taxCents: add((s) => s.taxCents),
      totalCents: add((s) => s.totalCents),
      stripePaymentIntentId: seed.stripePaymentIntentId ?? null,
      paidAt: status === 'paid' ? new Date() : null,
      ...(seed.createdAt ? { createdAt: seed.createdAt } : {}),
    })
    .returning();
  const items = await db
    .insert(paymentRequestItems)
    .values(
      lines.map(({ line, sums }, position) => ({
        requestId: sale.id,
        paymentId: line.paymentId ?? null,
        nameFr: line.name ?? 'Inscription',
        nameEn: line.name ?? 'Registration',
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity ?? 1,
        promoCode: line.promoCode ?? null,
        discountCents: sums.discountCents,
        taxes: sums.taxes,
        totalCents: sums.totalCents,
        position,
      })),
    )
    .returning();
  return { sale, items };
}

/** A payment of the project (a registration), with a quantity for sale and seats already sold. */
export async function insertPayment(
  db: Executor,
  projectId: string,
  values: { priceCents?: number; quantity?: number | null; sold?: number; name?: string } = {},
) {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  const [payment] = await db
    .insert(payments)
    .values({
      companyId: project.companyId,
      projectId,
      nameFr: values.name ?? 'Inscription générale',
      nameEn: values.name ?? 'General registration',
      priceCents: values.priceCents ?? 25_000,
      quantity: values.quantity ?? null,
      sold: values.sold ?? 0,
    })
    .returning();
  return payment;
}

export async function soldOf(db: Executor, paymentId: string) {
  const [row] = await db.select({ sold: payments.sold }).from(payments).where(eq(payments.id, paymentId));
  return row.sold;
}
