import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { lineTotals, refundTotals } from '../../../contracts/money';
import type { Db } from '../../db/client';
import {
  companies,
  paymentRequestItems,
  paymentRequests,
  projects,
  refunds,
  salesSettings,
} from '../../db/schema';

/**
 * What the bills' tests start from: sales written straight into the tables, as the sales module leaves them (items
 * with their taxes as charged, sums from contracts/money.ts), and succeeded refunds.
 */

export const GST = { nameFr: 'TPS', nameEn: 'GST', rateMilli: 5000, registrationNumber: '123456789 RT0001' };
export const QST = { nameFr: 'TVQ', nameEn: 'QST', rateMilli: 9975, registrationNumber: '1234567890 TQ0001' };

export interface SaleItem {
  nameFr: string;
  nameEn: string;
  unitPriceCents: number;
  quantity?: number;
  discountCents?: number;
  promoCode?: string;
  taxes?: (typeof GST)[];
}

export interface SaleInput {
  projectId: string;
  language?: 'fr' | 'en';
  buyerName?: string;
  buyerEmail?: string;
  buyerOrganisation?: string;
  status?: 'pending' | 'paid' | 'courtesy' | 'cancelled';
  items?: SaleItem[];
}

/** A company and a project of its own, straight in the tables: its bill sequence starts at 1. */
export async function insertCompanyWithProject(db: Db, name = `Entreprise ${randomUUID().slice(0, 8)}`) {
  const [company] = await db.insert(companies).values({ name }).returning();
  const [project] = await db
    .insert(projects)
    .values({
      companyId: company.id,
      nameFr: `Salon ${name}`,
      nameEn: `Fair ${name}`,
      startsOn: '2027-06-01',
      endsOn: '2027-06-02',
      timeZone: 'America/Toronto',
    })
    .returning();
  return { companyId: company.id, projectId: project.id };
}

/** The seller printed at the top of the project's bills. */
export async function setSeller(db: Db, projectId: string, sellerName: string, sellerAddress: string) {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  await db
    .insert(salesSettings)
    .values({ projectId, companyId: project.companyId, sellerName, sellerAddress })
    .onConflictDoUpdate({ target: salesSettings.projectId, set: { sellerName, sellerAddress } });
}

/** A paid sale (unless said otherwise): one registration at $100.00 with GST and QST by default. */
export async function insertSale(db: Db, input: SaleInput) {
  const [project] = await db.select().from(projects).where(eq(projects.id, input.projectId));
  const items = (
    input.items ?? [
      {
        nameFr: 'Inscription générale',
        nameEn: 'General admission',
        unitPriceCents: 10_000,
        taxes: [GST, QST],
      },
    ]
  ).map((item) => ({
    item,
    sums: lineTotals(item.unitPriceCents, item.quantity ?? 1, item.discountCents ?? 0, item.taxes ?? []),
  }));
  const total = (pick: (sums: (typeof items)[number]['sums']) => number) =>
    items.reduce((sum, { sums }) => sum + pick(sums), 0);
  const status = input.status ?? 'paid';
  const [request] = await db
    .insert(paymentRequests)
    .values({
      companyId: project.companyId,
      projectId: project.id,
      status,
      source: status === 'courtesy' ? 'courtesy' : 'card',
      currency: 'CAD',
      buyerName: input.buyerName ?? 'Ana Roy',
      buyerEmail: input.buyerEmail ?? `acheteur-${randomUUID().slice(0, 8)}@example.test`,
      buyerOrganisation: input.buyerOrganisation ?? '',
      language: input.language ?? 'fr',
      subtotalCents: total((s) => s.subtotalCents),
      discountCents: total((s) => s.discountCents),
      taxCents: total((s) => s.taxCents),
      totalCents: total((s) => s.totalCents),
      paidAt: status === 'paid' ? new Date('2027-05-10T15:00:00Z') : null,
    })
    .returning();
  const rows = await db
    .insert(paymentRequestItems)
    .values(
      items.map(({ item, sums }, position) => ({
        requestId: request.id,
        nameFr: item.nameFr,
        nameEn: item.nameEn,
        unitPriceCents: item.unitPriceCents,
        quantity: item.quantity ?? 1,
        promoCode: item.promoCode ?? null,
        discountCents: sums.discountCents,
        taxes: sums.taxes.map((tax) => ({ taxId: null, ...tax })),
        totalCents: sums.totalCents,
        position,
      })),
    )
    .returning();
  return { request, items: rows };
}

/** A refund of a sale (succeeded unless said otherwise): total = fee − retained, each tax its rate of the total. */
export async function insertRefund(
  db: Db,
  sale: Awaited<ReturnType<typeof insertSale>>,
  input: {
    feeCents: number;
    retainedCents?: number;
    full?: boolean;
    itemId?: string | null;
    status?: 'pending' | 'succeeded' | 'failed';
  },
) {
  const item = sale.items.find((candidate) => candidate.id === input.itemId) ?? sale.items[0];
  const taxes = item.taxes.map(({ amountCents: _, ...tax }) => tax);
  const sums = refundTotals(input.feeCents, input.retainedCents ?? 0, taxes, input.full ?? false);
  if (!sums) throw new Error('refund amounts out of range');
  const [refund] = await db
    .insert(refunds)
    .values({
      companyId: sale.request.companyId,
      projectId: sale.request.projectId,
      requestId: sale.request.id,
      itemId: input.itemId ?? null,
      full: input.full ?? false,
      feeCents: input.feeCents,
      retainedCents: sums.retainedCents,
      totalCents: sums.totalCents,
      taxes: sums.taxes,
      totalWithTaxesCents: sums.totalWithTaxesCents,
      status: input.status ?? 'succeeded',
      idempotencyKey: randomUUID(),
    })
    .returning();
  return refund;
}
