import type { Deps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { ProcessorError, stripeGateway } from './gateway';
import * as repo from './repository';
import { afterCommit, applySession, type SessionOutcome } from './service';

/**
 * Reconciliation of card sales (issue 20): a sale still `pending` five minutes after its Checkout Session was made
 * may have been paid while we did not hear of it (the webhook lost, or the server stopped between the card and our
 * write). Every minute, and at start-up, each such session is read back from Stripe and its state applied by the
 * webhook's own function (applySession), so the sale changes once whoever comes first.
 */

export const RECONCILE_JOB = 'stripe.reconcile';
/** A sale pending for this long is read back from Stripe (the buyer may still be on the Checkout page before). */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** Sessions read back per run at most (the next minute's run goes on). */
const BATCH = 200;

export interface ReconcileResult {
  checked: number;
  paid: number;
  cancelled: number;
  /** Sessions Stripe could not tell about now (unreachable, rate limited): tried again at the next run. */
  failed: number;
}

export async function reconcileCardPayments(
  deps: Deps,
  options: { atStartUp?: boolean } = {},
): Promise<ReconcileResult> {
  const result: ReconcileResult = { checked: 0, paid: 0, cancelled: 0, failed: 0 };
  const gateway = stripeGateway(deps.config.stripe);
  if (!gateway) return result;
  const now = deps.now();
  // At start-up the process that made the younger ones is gone too: every pending session is read back.
  const before = options.atStartUp
    ? new Date(now.getTime() + 1)
    : new Date(now.getTime() - RECONCILE_AFTER_MS);
  for (const row of await repo.pendingCardSessions(deps.db, before, BATCH)) {
    result.checked++;
    let outcome: SessionOutcome;
    try {
      const session = await gateway.retrieveSession(row.sessionId);
      outcome = await deps.db.transaction((tx) => applySession(tx, deps, session));
    } catch (error) {
      if (!(error instanceof ProcessorError)) throw error;
      result.failed++;
      continue;
    }
    if (outcome?.change === 'paid') result.paid++;
    if (outcome?.change === 'cancelled') result.cancelled++;
    await afterCommit(deps, outcome);
  }
  return result;
}

export function stripeJobs(deps: () => Deps): JobDefinition[] {
  return [{ name: RECONCILE_JOB, cron: '* * * * *', run: async () => reconcileCardPayments(deps()) }];
}
