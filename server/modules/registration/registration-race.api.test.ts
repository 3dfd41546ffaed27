import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { anonymous } from '../../../tests/support/test-app';
import { paymentRequests, payments } from '../../db/schema';
import { newcomer, pageToken, projectOnSale } from './fixtures';

// Each buyer comes from an address of their own (behind the trusted proxy): the purchases' limit is per address.
const { t, camille } = withTestApp({ env: { TRUST_PROXY: 'true' } });

describe.skipIf(process.env.TEST_ENGINE !== 'postgres')('the last seats, on a PostgreSQL server', () => {
  it('sells exactly the 50 seats left to 200 concurrent buyers, and refuses the 150 others', async () => {
    const s = await projectOnSale(t, camille);
    const { db } = t.database;
    await db.update(payments).set({ quantity: 1000, sold: 950 }).where(eq(payments.id, s.free.id));
    const token = await pageToken(camille, s.project.id);
    const buyers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        anonymous(t.app, { 'x-forwarded-for': `10.1.${Math.floor(i / 200)}.${i % 200}` }),
      ),
    );
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        buyer.post(
          `/api/registration-pages/${token}/purchase`,
          newcomer(`race-${i}@example.test`, s.roles.buyer.id, [{ paymentId: s.free.id }]),
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(150);
    for (const answer of refused) {
      // Refused before (no seat left when checked) or at the reservation (taken meanwhile): sold out either way.
      expect([400, 409]).toContain(answer.status);
      expect(JSON.stringify(answer.body)).toMatch(/soldOut/);
    }
    const [payment] = await db.select().from(payments).where(eq(payments.id, s.free.id));
    expect(payment.sold).toBe(1000);
    const sales = await db.select().from(paymentRequests).where(eq(paymentRequests.projectId, s.project.id));
    expect(sales).toHaveLength(50);
    expect(sales.every((sale) => sale.status === 'paid' && sale.participantId)).toBe(true);
  }, 120_000);
});
