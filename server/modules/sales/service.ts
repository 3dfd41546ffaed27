import type { z } from 'zod';
import type { ListParams } from '../../../contracts/http';
import { lineTotals } from '../../../contracts/money';
import type { courtesyInput, SALE_TABS, saleInput } from '../../../contracts/sales';
import type { Executor } from '../../db/client';
import type { ChargedTax } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertProject } from '../activities/category-service';
import { auditTrail, changedFields } from '../audit/record';
import { findParticipant } from '../participants/repository';
import type { AuthContext } from '../session/auth-context';
import { itemFee, saleFee, saleRefundTaxes } from './refund-rules';
import * as repo from './repository';

/** Issue 22: this module's changes in the audit log, in their transaction (docs/audit.md). */
const audit = auditTrail('sale');

const presentTax = (tax: ChargedTax) => ({
  name: { fr: tax.nameFr, en: tax.nameEn },
  rateMilli: tax.rateMilli,
  registrationNumber: tax.registrationNumber,
  amountCents: tax.amountCents,
});

const presentBuyer = (sale: repo.SaleRow) => ({
  name: sale.buyerName,
  email: sale.buyerEmail,
  organisation: sale.buyerOrganisation,
});

const saleStatus = (status: string) => status as 'pending' | 'paid' | 'courtesy' | 'cancelled';
const saleSource = (source: string) => source as 'card' | 'free' | 'manual' | 'courtesy';

export function presentRefund(refund: repo.RefundRow) {
  return {
    id: refund.id,
    itemId: refund.itemId,
    full: refund.full,
    feeCents: refund.feeCents,
    retainedCents: refund.retainedCents,
    totalCents: refund.totalCents,
    taxes: refund.taxes.map(presentTax),
    totalWithTaxesCents: refund.totalWithTaxesCents,
    status: refund.status as 'pending' | 'succeeded' | 'failed',
    failureCode: refund.failureCode,
    createdAt: refund.createdAt,
  };
}

/** A sale as the detail panel shows it, read again from the database (inside the caller's transaction if any). */
export async function readSale(db: Executor, auth: AuthContext, projectId: string, saleId: string) {
  const sale = await repo.findSale(db, auth.companyId, projectId, saleId);
  if (!sale) throw AppError.notFound();
  const items = await repo.listItems(db, saleId);
  const refunds = await repo.listRefunds(db, saleId);
  const refundTaxes = saleRefundTaxes(items);
  return {
    id: sale.id,
    createdAt: sale.createdAt,
    paidAt: sale.paidAt,
    buyer: presentBuyer(sale),
    participantId: sale.participantId,
    language: sale.language as 'fr' | 'en',
    currency: sale.currency,
    status: saleStatus(sale.status),
    source: saleSource(sale.source),
    archived: sale.archived,
    subtotalCents: sale.subtotalCents,
    discountCents: sale.discountCents,
    taxCents: sale.taxCents,
    totalCents: sale.totalCents,
    refundedCents: sale.refundedCents,
    items: items.map((item) => ({
      id: item.id,
      paymentId: item.paymentId,
      name: { fr: item.nameFr, en: item.nameEn },
      unitPriceCents: item.unitPriceCents,
      quantity: item.quantity,
      promoCode: item.promoCode,
      discountCents: item.discountCents,
      taxes: item.taxes.map(presentTax),
      totalCents: item.totalCents,
      refundedCents: item.refundedCents,
      refundableFeeCents: sale.status === 'paid' ? itemFee(item, items, refunds) : 0,
    })),
    refunds: refunds.map(presentRefund),
    refundableFeeCents: sale.status === 'paid' ? Math.max(0, saleFee(items, refunds)) : 0,
    refundTaxes: refundTaxes?.map(presentTax) ?? null,
  };
}

export async function listSales(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  tab: (typeof SALE_TABS)[number],
  params: ListParams,
) {
  // The project check rides on the count (repo.listSales): no statement of its own before the list's two.
  const { projectFound, ...page } = await repo.listSales(deps.db, auth.companyId, projectId, tab, params);
  if (!projectFound) throw AppError.notFound();
  return {
    ...page,
    items: page.items.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      paidAt: row.paidAt,
      buyer: { name: row.buyerName, email: row.buyerEmail, organisation: row.buyerOrganisation },
      items: row.items.map((item) => ({
        name: { fr: item.nameFr, en: item.nameEn },
        quantity: item.quantity,
      })),
      currency: row.currency,
      totalCents: row.totalCents,
      refundedCents: row.refundedCents,
      status: saleStatus(row.status),
      source: saleSource(row.source),
      archived: row.archived,
    })),
  };
}

export async function getSale(deps: Deps, auth: AuthContext, projectId: string, saleId: string) {
  await assertProject(deps.db, auth, projectId);
  return readSale(deps.db, auth, projectId, saleId);
}

/** S1 (spec §4): archived, the sale leaves its tab for the archive; unarchived, it goes back to its status's tab. */
export async function archiveSale(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  saleId: string,
  archived: boolean,
) {
  return deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    const sale = await repo.findSale(tx, auth.companyId, projectId, saleId, true);
    if (!sale) throw AppError.notFound();
    await repo.setArchived(tx, saleId, archived);
    const label = sale.buyerName;
    await audit(tx, auth, { action: 'update', projectId, entityId: saleId, label, fields: ['archived'] });
    return readSale(tx, auth, projectId, saleId);
  });
}

/** Whose money may be edited: a sale not paid yet, or given away. A paid sale is refunded instead. */
const MONEY_EDITABLE = new Set(['pending', 'courtesy']);

/** The sums of a sale from its items' lines: price × quantity, discount, each tax on the line, total. */
function saleSums(lines: ReturnType<typeof lineTotals<ChargedTax>>[]) {
  const add = (pick: (line: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + pick(l), 0);
  return {
    subtotalCents: add((l) => l.subtotalCents),
    discountCents: add((l) => l.discountCents),
    taxCents: add((l) => l.taxCents),
    totalCents: add((l) => l.totalCents),
  };
}

/**
 * S1 (editPaymentRequest, UpdateRpmi): the buyer of any sale; for a pending or courtesy sale, each item's quantity,
 * unit price and discount, its taxes and the sale's sums recomputed on the rates the item was charged. A courtesy
 * item stays free (its discount is its whole price). A quantity changed takes or gives back seats.
 */
export async function updateSale(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  saleId: string,
  input: z.output<typeof saleInput>,
) {
  return deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    const sale = await repo.findSale(tx, auth.companyId, projectId, saleId, true);
    if (!sale) throw AppError.notFound();
    const before = await readSale(tx, auth, projectId, saleId);
    const items = await repo.listItems(tx, saleId);
    const byId = new Map(input.items.map((line, index) => [line.id, { line, index }]));
    const editable = MONEY_EDITABLE.has(sale.status);
    const lines = [];
    for (const [position, item] of items.entries()) {
      const edit = byId.get(item.id);
      byId.delete(item.id);
      const next = edit?.line ?? {
        quantity: item.quantity,
        unitPrice: item.unitPriceCents,
        discount: item.discountCents,
      };
      const changed =
        next.quantity !== item.quantity ||
        next.unitPrice !== item.unitPriceCents ||
        (sale.status !== 'courtesy' && next.discount !== item.discountCents);
      if (changed && !editable) {
        throw AppError.field(`items.${edit?.index ?? position}.unitPrice`, 'validation.sales.paidLocked');
      }
      const discount = sale.status === 'courtesy' ? next.unitPrice * next.quantity : next.discount;
      if (discount > next.unitPrice * next.quantity) {
        throw AppError.field(
          `items.${edit?.index ?? position}.discount`,
          'validation.sales.discountAbovePrice',
        );
      }
      const line = lineTotals(next.unitPrice, next.quantity, discount, item.taxes);
      lines.push(line);
      if (!changed) continue;
      if (item.paymentId && !(await repo.moveSeats(tx, item.paymentId, next.quantity - item.quantity))) {
        throw AppError.field(`items.${edit?.index ?? position}.quantity`, 'validation.sales.soldOut');
      }
      await repo.updateItem(tx, item.id, {
        quantity: next.quantity,
        unitPriceCents: next.unitPrice,
        discountCents: line.discountCents,
        taxes: line.taxes,
        totalCents: line.totalCents,
      });
    }
    const [stray] = byId.values();
    if (stray) throw AppError.field(`items.${stray.index}.id`, 'validation.sales.unknownItem');
    await repo.updateSale(tx, saleId, {
      buyerName: input.buyer.name,
      buyerEmail: input.buyer.email,
      buyerOrganisation: input.buyer.organisation,
      language: input.buyer.language,
      ...(editable ? saleSums(lines) : {}),
    });
    const after = await readSale(tx, auth, projectId, saleId);
    const fields = changedFields(before, after);
    await audit(tx, auth, { action: 'update', projectId, entityId: saleId, label: after.buyer.name, fields });
    return after;
  });
}

/** S1: a courtesy sale: payments given to a participant of the project, total 0, each taking its seat. */
export async function createCourtesySale(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  input: z.output<typeof courtesyInput>,
) {
  return deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    const buyer = await findParticipant(tx, auth.companyId, projectId, input.participantId);
    if (!buyer) throw AppError.field('participantId', 'validation.sales.participant');
    const ids = [...new Set(input.paymentIds)];
    const found = await repo.findPaymentsWithTaxes(tx, auth.companyId, projectId, ids);
    const known = new Set(found.map((f) => f.payment.id));
    const unknown = ids.findIndex((id) => !known.has(id));
    if (unknown >= 0) throw AppError.field(`paymentIds.${unknown}`, 'validation.sales.payments');
    const ordered = ids.map((id) => found.find((f) => f.payment.id === id) as (typeof found)[number]);
    const lines = ordered.map(({ payment, taxes }) =>
      lineTotals(payment.priceCents, 1, payment.priceCents, taxes),
    );
    for (const [index, { payment }] of ordered.entries()) {
      if (!(await repo.moveSeats(tx, payment.id, 1))) {
        throw AppError.field(`paymentIds.${index}`, 'validation.sales.soldOut');
      }
    }
    const saleId = await repo.insertSale(tx, {
      companyId: auth.companyId,
      projectId,
      participantId: buyer.id,
      status: 'courtesy',
      source: 'courtesy',
      currency: await projectCurrency(tx, projectId),
      buyerName: `${buyer.firstName} ${buyer.lastName}`.trim(),
      buyerEmail: buyer.email,
      buyerOrganisation: buyer.organisation ?? '',
      language: buyer.language,
      ...saleSums(lines),
    });
    await repo.insertItems(
      tx,
      ordered.map(({ payment }, position) => ({
        requestId: saleId,
        paymentId: payment.id,
        participantId: buyer.id,
        nameFr: payment.nameFr,
        nameEn: payment.nameEn,
        unitPriceCents: payment.priceCents,
        quantity: 1,
        discountCents: lines[position].discountCents,
        taxes: lines[position].taxes,
        totalCents: lines[position].totalCents,
        position,
      })),
    );
    const made = await readSale(tx, auth, projectId, saleId);
    await audit(tx, auth, { action: 'create', projectId, entityId: saleId, label: made.buyer.name });
    return made;
  });
}

export async function listCourtesyPayments(deps: Deps, auth: AuthContext, projectId: string) {
  await assertProject(deps.db, auth, projectId);
  const rows = await repo.listPayments(deps.db, auth.companyId, projectId);
  return {
    currency: await projectCurrency(deps.db, projectId),
    items: rows.map((row) => ({
      id: row.id,
      name: { fr: row.nameFr, en: row.nameEn },
      priceCents: row.priceCents,
      left: row.left === null ? null : Number(row.left),
    })),
  };
}

async function projectCurrency(db: Executor, projectId: string) {
  return (await repo.findCurrency(db, projectId)) ?? 'CAD';
}
