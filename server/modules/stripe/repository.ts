import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paymentRequestItems, paymentRequests, payments, promoCodes, stripeEvents } from '../../db/schema';

/** Records an event as applied; false when it was already (a replay or a duplicate). */
export async function recordEvent(db: Executor, id: string, type: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ id, type, receivedAt: at })
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The pending card sale of a session: by its session id, or (a crash between making the session and writing its id)
 * by the request id the session carries, when that sale has no session yet.
 */
function pendingOfSession(sessionId: string, requestId: string | null) {
  const bySession = eq(paymentRequests.stripeSessionId, sessionId);
  const byRequest =
    requestId && UUID.test(requestId)
      ? and(
          eq(paymentRequests.id, requestId),
          isNull(paymentRequests.stripeSessionId),
          eq(paymentRequests.source, 'card'),
        )
      : undefined;
  return and(eq(paymentRequests.status, 'pending'), byRequest ? or(bySession, byRequest) : bySession);
}

/** pending → paid; the sale's id when it changed (so what follows a sale runs once). */
export async function markPaid(
  db: Executor,
  session: { id: string; requestId: string | null; paymentIntentId: string | null },
  at: Date,
): Promise<string | null> {
  const [row] = await db
    .update(paymentRequests)
    .set({
      status: 'paid',
      paidAt: at,
      stripeSessionId: session.id,
      stripePaymentIntentId: session.paymentIntentId,
      updatedAt: at,
    })
    .where(pendingOfSession(session.id, session.requestId))
    .returning({ id: paymentRequests.id });
  return row?.id ?? null;
}

/** pending → cancelled; the sale's id when it changed. */
export async function markCancelled(
  db: Executor,
  session: { id: string; requestId: string | null },
  at: Date,
): Promise<string | null> {
  const [row] = await db
    .update(paymentRequests)
    .set({ status: 'cancelled', stripeSessionId: session.id, buyerForm: null, updatedAt: at })
    .where(pendingOfSession(session.id, session.requestId))
    .returning({ id: paymentRequests.id });
  return row?.id ?? null;
}

/** Gives back what a cancelled sale reserved: its seats (`payments.sold`), and one use of each code an item used. */
export async function releaseReservations(db: Executor, requestId: string): Promise<void> {
  await db.execute(sql`
    update ${payments} p set sold = greatest(p.sold - s.quantity, 0), updated_at = now()
    from (select payment_id, sum(quantity)::int as quantity from ${paymentRequestItems}
          where request_id = ${requestId} and payment_id is not null group by payment_id) s
    where p.id = s.payment_id`);
  await db.execute(sql`
    update ${promoCodes} c set uses = greatest(c.uses - s.uses, 0), updated_at = now()
    from (select promo_code_id, count(*)::int as uses from ${paymentRequestItems}
          where request_id = ${requestId} and promo_code_id is not null group by promo_code_id) s
    where c.id = s.promo_code_id`);
}

/** Card sales still pending with a Checkout Session, made before `before`: oldest first. */
export async function pendingCardSessions(db: Executor, before: Date, limit: number) {
  return db
    .select({ id: paymentRequests.id, sessionId: paymentRequests.stripeSessionId })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.status, 'pending'),
        eq(paymentRequests.source, 'card'),
        isNotNull(paymentRequests.stripeSessionId),
        lt(paymentRequests.createdAt, before),
      ),
    )
    .orderBy(asc(paymentRequests.createdAt))
    .limit(limit) as Promise<{ id: string; sessionId: string }[]>;
}
