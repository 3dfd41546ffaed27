import type { z } from 'zod';
import type { refundInput } from '../../../contracts/sales';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, databaseErrorCode } from '../../http/errors';
import { assertProject } from '../activities/category-service';
import { auditTrail } from '../audit/record';
import type { AuthContext } from '../session/auth-context';
import { type SalesPorts, salesPorts } from './ports';
import { itemFee, refundShares, refundSums, saleFee, saleRefundTaxes, takeBackShares } from './refund-rules';
import * as repo from './repository';
import { presentRefund, readSale } from './service';

/** Issue 22: this module's changes in the audit log, in their transaction (docs/audit.md). */
const audit = auditTrail('sale');

/**
 * S2: a refund of a paid sale, whole or one item, full or partial (docs/sales/refunds.md).
 *
 * 1. In one transaction holding the sale: validate (the sale paid, the retained amount within the fee), compute the
 *    sums, insert the `refunds` row under the client's idempotency key. A sale not paid by card is refunded there and
 *    then (succeeded).
 * 2. A card sale: the processor is asked with the same key (a retry after a crash refunds once), then a second
 *    transaction records its answer: the money given back on the items and the sale, the seats of a whole item given
 *    back (ticketing), the credit note.
 * The same key again answers the first refund (or its failure) and changes nothing.
 */
type RefundBody = z.output<typeof refundInput>;

export async function refundSale(
  deps: Deps,
  ports: SalesPorts,
  auth: AuthContext,
  projectId: string,
  saleId: string,
  input: RefundBody,
) {
  await assertProject(deps.db, auth, projectId);
  const earlier = await repo.findRefundByKey(deps.db, input.idempotencyKey);
  if (earlier) return replay(deps, ports, auth, projectId, saleId, earlier);

  const made = await deps.db
    .transaction(async (tx) => {
      const sale = await repo.findSale(tx, auth.companyId, projectId, saleId, true);
      if (!sale) throw AppError.notFound();
      if (sale.status !== 'paid') throw new AppError('sales.refund.notPaid', 'conflict');
      const card = sale.source === 'card';
      if (card && !ports.cardRefund) throw new AppError('sales.refund.noProcessor', 'conflict');
      if (card && !sale.stripePaymentIntentId) throw new AppError('sales.refund.noCardPayment', 'conflict');
      const items = await repo.listItems(tx, saleId);
      const refunds = await repo.listRefunds(tx, saleId);
      const item = input.itemId ? items.find((i) => i.id === input.itemId) : undefined;
      if (input.itemId && !item) throw AppError.field('itemId', 'validation.sales.unknownItem');
      const taxes = item ? item.taxes : saleRefundTaxes(items);
      if (!taxes) throw AppError.field('itemId', 'validation.sales.refundByItem');
      const fee = item ? itemFee(item, items, refunds) : Math.max(0, saleFee(items, refunds));
      if (fee <= 0) throw new AppError('sales.refund.nothingLeft', 'conflict');
      if (!input.full && input.retained === undefined)
        throw AppError.field('retained', 'validation.sales.amount');
      const sums = refundSums(fee, input.retained ?? 0, input.full, taxes, items, refunds);
      if (!sums) throw AppError.field('retained', 'validation.sales.retainedAboveFee');
      const refund = await repo.insertRefund(tx, {
        companyId: auth.companyId,
        projectId,
        requestId: saleId,
        itemId: item?.id ?? null,
        full: input.full,
        feeCents: fee,
        retainedCents: sums.retainedCents,
        totalCents: sums.totalCents,
        taxes: sums.taxes,
        totalWithTaxesCents: sums.totalWithTaxesCents,
        status: card ? 'pending' : 'succeeded',
        idempotencyKey: input.idempotencyKey,
        createdBy: auth.userId,
      });
      // A double click: the other request holds the key; answer what it made once it is done.
      if (!refund) return null;
      await audit(tx, auth, { action: 'refund', projectId, entityId: saleId, label: sale.buyerName });
      if (!card) await applyRefund(tx, ports, auth, projectId, refund);
      return refund;
    })
    .catch((error) => {
      if (databaseErrorCode(error) === '23505') return null;
      throw error;
    });
  if (!made) {
    const first = await repo.findRefundByKey(deps.db, input.idempotencyKey);
    if (!first) throw AppError.notFound();
    return replay(deps, ports, auth, projectId, saleId, first);
  }
  if (made.status === 'pending') return askProcessor(deps, ports, auth, projectId, made);
  return answer(deps, auth, projectId, made.id);
}

/** The first answer for a key already used: the refund as it is, its failure again, or the processor asked again. */
async function replay(
  deps: Deps,
  ports: SalesPorts,
  auth: AuthContext,
  projectId: string,
  saleId: string,
  refund: repo.RefundRow,
) {
  if (refund.companyId !== auth.companyId || refund.projectId !== projectId || refund.requestId !== saleId) {
    throw new AppError('sales.refund.keyTaken', 'conflict');
  }
  if (refund.status === 'failed') throw processorFailure(refund.failureCode);
  // Asked of the processor and not answered (a crash, a timeout): ask again with the same key; it refunds once.
  if (refund.status === 'pending' && !refund.stripeRefundId) {
    return askProcessor(deps, ports, auth, projectId, refund);
  }
  return answer(deps, auth, projectId, refund.id);
}

const processorFailure = (code: string | null) =>
  new AppError('sales.refund.processorFailed', 'badGateway', { params: { code: code ?? 'unknown' } });

async function askProcessor(
  deps: Deps,
  ports: SalesPorts,
  auth: AuthContext,
  projectId: string,
  refund: repo.RefundRow,
) {
  if (!ports.cardRefund) throw new AppError('sales.refund.noProcessor', 'conflict');
  const sale = await repo.findSale(deps.db, auth.companyId, projectId, refund.requestId);
  if (!sale?.stripePaymentIntentId) throw AppError.notFound();
  let result: Awaited<ReturnType<NonNullable<SalesPorts['cardRefund']>>>;
  try {
    result = await ports.cardRefund({
      paymentIntentId: sale.stripePaymentIntentId,
      amountCents: refund.totalWithTaxesCents,
      currency: sale.currency,
      idempotencyKey: refund.idempotencyKey,
    });
  } catch (error) {
    const code = processorCode(error);
    await repo.updateRefund(deps.db, refund.id, { status: 'failed', failureCode: code });
    throw processorFailure(code);
  }
  if (result.status === 'failed') {
    await repo.updateRefund(deps.db, refund.id, {
      status: 'failed',
      failureCode: 'refund_failed',
      stripeRefundId: result.id,
    });
    throw processorFailure('refund_failed');
  }
  await deps.db.transaction(async (tx) => {
    await repo.updateRefund(tx, refund.id, { status: result.status, stripeRefundId: result.id });
    await applyRefund(tx, ports, auth, projectId, { ...refund, status: result.status });
  });
  return answer(deps, auth, projectId, refund.id);
}

/** The processor's error code (Stripe's `code`, or its type), never its message (it may hold card details). */
function processorCode(error: unknown): string {
  const e = error as { code?: unknown; type?: unknown } | null;
  const code =
    typeof e?.code === 'string' ? e.code : typeof e?.type === 'string' ? e.type : 'processor_error';
  return code.slice(0, 60);
}

/**
 * The refund accepted: its money counted on the items and the sale, a whole item's (or the whole sale's) seats given
 * back to the ticketing, and the credit note once the money is really back.
 */
async function applyRefund(
  tx: Tx,
  ports: SalesPorts,
  auth: AuthContext,
  projectId: string,
  refund: repo.RefundRow,
) {
  const items = await repo.listItems(tx, refund.requestId);
  await repo.addRefunded(tx, refund.requestId, refundShares(refund, items));
  for (const item of await seatsOf(tx, refund, items))
    await repo.moveSeats(tx, item.paymentId, -item.quantity);
  if (refund.status === 'succeeded' && ports.issueCreditNote) {
    await ports.issueCreditNote(tx, { companyId: auth.companyId, projectId, refundId: refund.id });
  }
}

/**
 * The items whose seats a full refund gives back (or, failed, had given back): those it covers that no other full
 * refund still counting covers, so seats move once whatever the order of the refunds and their failures.
 */
async function seatsOf(tx: Tx, refund: repo.RefundRow, items: repo.ItemRow[]) {
  if (!refund.full) return [];
  const others = (await repo.listRefunds(tx, refund.requestId)).filter(
    (r) => r.id !== refund.id && r.full && r.status !== 'failed',
  );
  const covered = (r: repo.RefundRow, item: repo.ItemRow) => r.itemId === null || r.itemId === item.id;
  return items.filter(
    (item): item is repo.ItemRow & { paymentId: string } =>
      item.paymentId !== null && covered(refund, item) && !others.some((r) => covered(r, item)),
  );
}

/**
 * A card refund the processor accepted as `pending` settled later by its webhook (server/modules/stripe/service.ts),
 * in the webhook's transaction, once: only the change from `pending` acts. `failed`: the money it counted is taken
 * back from the items and the sale, and the seats it gave back are taken again. `succeeded`: its credit note is
 * issued (if it has none). A late `pending`, or a refund already settled, changes nothing. True when it changed.
 */
export async function settleRefund(
  tx: Tx,
  deps: Deps,
  stripeRefundId: string,
  status: 'pending' | 'succeeded' | 'failed',
  failureCode: string | null,
): Promise<boolean> {
  if (status === 'pending') return false;
  const found = await repo.findRefundByStripeId(tx, stripeRefundId);
  if (found?.status !== 'pending') return false;
  // Held like a refund holds it: a refund being made on the same sale waits, and so does another event.
  await repo.findSale(tx, found.companyId, found.projectId, found.requestId, true);
  const refund = await repo.settlePendingRefund(tx, found.id, { status, failureCode }, deps.now());
  if (!refund) return false;
  if (status === 'failed') {
    const items = await repo.listItems(tx, refund.requestId);
    await repo.addRefunded(tx, refund.requestId, takeBackShares(refund, items));
    for (const item of await seatsOf(tx, refund, items))
      await repo.retakeSeats(tx, item.paymentId, item.quantity);
  } else {
    await salesPorts(deps).issueCreditNote?.(tx, {
      companyId: refund.companyId,
      projectId: refund.projectId,
      refundId: refund.id,
    });
  }
  return true;
}

async function answer(deps: Deps, auth: AuthContext, projectId: string, refundId: string) {
  return deps.db.transaction(async (tx) => {
    const refund = await repo.findRefund(tx, refundId);
    if (!refund) throw AppError.notFound();
    return { refund: presentRefund(refund), sale: await readSale(tx, auth, projectId, refund.requestId) };
  });
}
