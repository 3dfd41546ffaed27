import type Stripe from 'stripe';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { deliverSoon } from '../mail/outbox';
import { completeSale } from '../registration/complete';
import { settleRefund } from '../sales/refund-service';
import { type CheckoutSessionView, refundStatus, sessionView } from './gateway';
import * as repo from './repository';

/**
 * What Stripe tells us (a webhook's event, or a session read back by the reconciliation) applied to the sales, once:
 * a paid session makes its pending sale `paid` and completes it; an expired one cancels it and gives back its seats
 * and promo code uses; a pending refund's final state settles it (settleRefund: money and seats back when it failed,
 * its credit note when it succeeded). Each change is guarded by the state it leaves
 * (`pending`), so the webhook and the reconciliation may both see a session and only the first one acts.
 */

export type SessionOutcome = { change: 'paid' | 'cancelled'; requestId: string } | null;

/** One session's state applied to its sale, in the caller's transaction. */
export async function applySession(
  tx: Tx,
  deps: Deps,
  session: CheckoutSessionView,
): Promise<SessionOutcome> {
  const at = deps.now();
  if (session.paymentStatus === 'paid' && session.status === 'complete') {
    const requestId = await repo.markPaid(tx, session, at);
    if (!requestId) return null;
    await completeSale(tx, deps, requestId);
    return { change: 'paid', requestId };
  }
  if (session.status === 'expired') {
    const requestId = await repo.markCancelled(tx, session, at);
    if (!requestId) return null;
    await repo.releaseReservations(tx, requestId);
    return { change: 'cancelled', requestId };
  }
  return null;
}

/** The events the sales listen to; any other is recorded and otherwise ignored. */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'refund.updated',
  'refund.failed',
  'charge.refund.updated',
] as const;

export interface EventOutcome {
  /** false: this event id was applied before (a replay or a duplicate): nothing was done. */
  applied: boolean;
  session?: SessionOutcome;
  refundUpdated?: boolean;
}

/** Applies a verified event once: its id is stored in the same transaction as what it changes. */
export async function handleEvent(deps: Deps, event: Stripe.Event): Promise<EventOutcome> {
  const outcome = await deps.db.transaction(async (tx) => {
    if (!(await repo.recordEvent(tx, event.id, event.type, deps.now()))) return { applied: false };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.expired':
        return { applied: true, session: await applySession(tx, deps, sessionView(event.data.object)) };
      case 'refund.updated':
      case 'refund.failed':
      case 'charge.refund.updated': {
        const refund = event.data.object;
        const status = refundStatus(refund.status);
        const failureCode = status === 'failed' ? (refund.failure_reason ?? 'unknown') : null;
        return {
          applied: true,
          refundUpdated: await settleRefund(tx, deps, refund.id, status, failureCode),
        };
      }
      default:
        return { applied: true };
    }
  });
  await afterCommit(deps, outcome.session ?? null);
  return outcome;
}

/** After a sale was completed: the confirmation and the invoice it queued leave now. */
export async function afterCommit(deps: Deps, outcome: SessionOutcome) {
  if (outcome?.change === 'paid') await deliverSoon(deps).catch(() => undefined);
}
