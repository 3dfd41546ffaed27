import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { buildProject } from '../../../tests/support/test-app';
import { refunds } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { AuthContext } from '../session/auth-context';
import { GST, insertPayment, insertSale, QST, soldOf } from './fixtures';
import type { CardRefundInput, SalesPorts } from './ports';
import { refundSale } from './refund-service';

const { t, camille } = withTestApp();

const refundUrl = (projectId: string, saleId: string) => `/api/projects/${projectId}/sales/${saleId}/refunds`;

/** The worked example (docs/sales/money.md): a $250.00 registration, a 20 % code, GST and QST. */
async function workedExample(seed: Parameters<typeof insertSale>[2] = {}) {
  const project = await buildProject(camille);
  const payment = await insertPayment(t.database.db, project.id, {
    priceCents: 25_000,
    quantity: 5,
    sold: 1,
  });
  const { sale, items } = await insertSale(t.database.db, project.id, {
    lines: [
      {
        unitPriceCents: 25_000,
        discountCents: 5_000,
        promoCode: 'LEVE-TOT',
        taxes: [GST, QST],
        paymentId: payment.id,
      },
    ],
    ...seed,
  });
  return { project, payment, sale, item: items[0] };
}

async function refundRows(saleId: string) {
  return t.database.db.select().from(refunds).where(eq(refunds.requestId, saleId));
}

describe('refunds (S2)', () => {
  it('refunds part of an item: fee 200.00, 35,00 retained → 165.00 + GST 8.25 + QST 16.46 = 189.71', async () => {
    const { project, sale, item } = await workedExample();
    const before = await camille.get(`/api/projects/${project.id}/sales/${sale.id}`);
    expect(before.body).toMatchObject({ totalCents: 22_995, refundableFeeCents: 20_000 });
    expect(before.body.items[0].refundableFeeCents).toBe(20_000);

    const response = await camille.post(refundUrl(project.id, sale.id), {
      itemId: item.id,
      full: false,
      retained: '35,00',
      idempotencyKey: randomUUID(),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.refund).toMatchObject({
      itemId: item.id,
      full: false,
      status: 'succeeded',
      feeCents: 20_000,
      retainedCents: 3_500,
      totalCents: 16_500,
      taxes: [
        { name: { fr: 'TPS', en: 'GST' }, rateMilli: 5000, amountCents: 825 },
        { name: { fr: 'TVQ', en: 'QST' }, rateMilli: 9975, amountCents: 1_646 },
      ],
      totalWithTaxesCents: 18_971,
    });
    expect(response.body.sale).toMatchObject({
      refundedCents: 18_971,
      refundableFeeCents: 3_500,
      items: [{ refundedCents: 18_971, refundableFeeCents: 3_500 }],
      refunds: [{ totalWithTaxesCents: 18_971, status: 'succeeded' }],
    });
    // The list shows what was given back.
    const list = await camille.get(`/api/projects/${project.id}/sales`);
    expect(list.body.items[0].refundedCents).toBe(18_971);
  });

  it('refunds the whole sale fully: everything charged comes back and the item’s seat is given back', async () => {
    const { project, payment, sale } = await workedExample();
    const response = await camille.post(refundUrl(project.id, sale.id), {
      itemId: null,
      full: true,
      retained: '99',
      idempotencyKey: randomUUID(),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.refund).toMatchObject({
      retainedCents: 0,
      totalCents: 20_000,
      totalWithTaxesCents: 22_995,
    });
    expect(response.body.sale).toMatchObject({ refundedCents: 22_995, refundableFeeCents: 0 });
    expect(await soldOf(t.database.db, payment.id)).toBe(0);
    // Nothing is left: another refund is refused.
    const again = await camille.post(refundUrl(project.id, sale.id), {
      itemId: null,
      full: true,
      idempotencyKey: randomUUID(),
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('sales.refund.nothingLeft');
  });

  it('refunds a whole item after a partial refund: only what is left, and its seat comes back', async () => {
    const { project, payment, sale, item } = await workedExample();
    await camille.post(refundUrl(project.id, sale.id), {
      itemId: item.id,
      full: false,
      retained: '150',
      idempotencyKey: randomUUID(),
    });
    const rest = await camille.post(refundUrl(project.id, sale.id), {
      itemId: item.id,
      full: true,
      idempotencyKey: randomUUID(),
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.refund).toMatchObject({ feeCents: 15_000, totalCents: 15_000 });
    // Never more than was paid, taxes included.
    expect(rest.body.sale.refundedCents).toBe(22_995);
    expect(await soldOf(t.database.db, payment.id)).toBe(0);
  });

  it('refuses a retained amount above the fee, or unreadable, naming the field, and refunds nothing', async () => {
    const { project, sale, item } = await workedExample();
    const above = await camille.post(refundUrl(project.id, sale.id), {
      itemId: item.id,
      full: false,
      retained: '200,01',
      idempotencyKey: randomUUID(),
    });
    expect(above.status).toBe(400);
    expect(above.body.fields).toEqual([
      expect.objectContaining({ field: 'retained', code: 'validation.sales.retainedAboveFee' }),
    ]);
    expect(above.body.fields[0].message).toBe('Le montant retenu dépasse les frais remboursables.');
    const unreadable = await camille.post(refundUrl(project.id, sale.id), {
      itemId: item.id,
      full: false,
      retained: 'trente-cinq',
      idempotencyKey: randomUUID(),
    });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.fields[0]).toMatchObject({ field: 'retained', code: 'validation.sales.amount' });
    expect(await refundRows(sale.id)).toEqual([]);
  });

  it('makes one refund of the same idempotency key sent twice (a double click, a retry)', async () => {
    const { project, sale, item } = await workedExample();
    const body = { itemId: item.id, full: false, retained: '35', idempotencyKey: randomUUID() };
    const [first, second] = await Promise.all([
      camille.post(refundUrl(project.id, sale.id), body),
      camille.post(refundUrl(project.id, sale.id), body),
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.refund.id).toBe(first.body.refund.id);
    const third = await camille.post(refundUrl(project.id, sale.id), body);
    expect(third.body.refund.id).toBe(first.body.refund.id);
    expect(await refundRows(sale.id)).toHaveLength(1);
    expect(third.body.sale.refundedCents).toBe(18_971);
  });

  it('refuses a sale that is not paid', async () => {
    const project = await buildProject(camille);
    for (const status of ['pending', 'courtesy'] as const) {
      const { sale } = await insertSale(t.database.db, project.id, { status });
      const response = await camille.post(refundUrl(project.id, sale.id), {
        itemId: null,
        full: true,
        idempotencyKey: randomUUID(),
      });
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('sales.refund.notPaid');
    }
  });

  it('refuses a card refund when no card processor is configured, saying so, and refunds nothing', async () => {
    const { project, sale } = await workedExample({ source: 'card', stripePaymentIntentId: 'pi_test_1' });
    const response = await camille.post(refundUrl(project.id, sale.id), {
      itemId: null,
      full: true,
      idempotencyKey: randomUUID(),
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'sales.refund.noProcessor',
      title: 'Le paiement par carte n’est pas configuré : ce remboursement par carte est impossible.',
    });
    expect(await refundRows(sale.id)).toEqual([]);
  });

  it('refuses a sale-level partial refund when the items charge different taxes', async () => {
    const project = await buildProject(camille);
    const { sale } = await insertSale(t.database.db, project.id, {
      lines: [
        { unitPriceCents: 10_000, taxes: [GST, QST] },
        { unitPriceCents: 5_000, taxes: [GST] },
      ],
    });
    const response = await camille.post(refundUrl(project.id, sale.id), {
      itemId: null,
      full: false,
      retained: '0',
      idempotencyKey: randomUUID(),
    });
    expect(response.status).toBe(400);
    expect(response.body.fields[0]).toMatchObject({ field: 'itemId', code: 'validation.sales.refundByItem' });
  });
});

/** The card path, through the service with a stand-in processor (the real one is server/modules/stripe's). */
describe('card refunds through the processor', () => {
  const auth = () =>
    ({ userId: camille.user.id, companyId: camille.user.company.id }) as unknown as AuthContext;
  function processor(
    answer: (input: CardRefundInput) => Promise<{ id: string; status: 'succeeded' | 'pending' | 'failed' }>,
  ) {
    const calls: CardRefundInput[] = [];
    const creditNotes: string[] = [];
    const ports: SalesPorts = {
      createCheckout: null,
      issueInvoice: null,
      cardRefund: (input) => {
        calls.push(input);
        return answer(input);
      },
      issueCreditNote: async (_tx, input) => {
        creditNotes.push(input.refundId);
        return { billId: randomUUID(), number: creditNotes.length };
      },
    };
    return { ports, calls, creditNotes };
  }

  it('sends the amount with taxes and the key, records the processor’s refund and issues the credit note', async () => {
    const { project, sale, item } = await workedExample({
      source: 'card',
      stripePaymentIntentId: 'pi_test_2',
    });
    const fake = processor(async () => ({ id: 're_1', status: 'succeeded' }));
    const key = randomUUID();
    const input = { itemId: item.id, full: false, retained: 3_500, idempotencyKey: key };
    const result = await refundSale(t.deps, fake.ports, auth(), project.id, sale.id, input);
    expect(fake.calls).toEqual([
      { paymentIntentId: 'pi_test_2', amountCents: 18_971, currency: 'CAD', idempotencyKey: key },
    ]);
    expect(result.refund.status).toBe('succeeded');
    expect(result.sale.refundedCents).toBe(18_971);
    expect(fake.creditNotes).toEqual([result.refund.id]);
    // The same key again: the first answer, no second call.
    const again = await refundSale(t.deps, fake.ports, auth(), project.id, sale.id, input);
    expect(again.refund.id).toBe(result.refund.id);
    expect(fake.calls).toHaveLength(1);
  });

  it('records a declined refund as failed with its code, answers a translated 502, and the same key fails again without a call', async () => {
    const { project, sale } = await workedExample({ source: 'card', stripePaymentIntentId: 'pi_test_3' });
    const fake = processor(async () => {
      throw Object.assign(new Error('Your card was declined.'), { code: 'charge_already_refunded' });
    });
    const input = { itemId: null, full: true, idempotencyKey: randomUUID() };
    const error = await refundSale(t.deps, fake.ports, auth(), project.id, sale.id, input).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'sales.refund.processorFailed', kind: 'badGateway' });
    const [row] = await refundRows(sale.id);
    expect(row).toMatchObject({ status: 'failed', failureCode: 'charge_already_refunded' });
    const replay = await refundSale(t.deps, fake.ports, auth(), project.id, sale.id, input).catch((e) => e);
    expect(replay).toMatchObject({ code: 'sales.refund.processorFailed' });
    expect(fake.calls).toHaveLength(1);
    const detail = await camille.get(`/api/projects/${project.id}/sales/${sale.id}`);
    // A failed refund gives nothing back and leaves the fee whole.
    expect(detail.body).toMatchObject({ refundedCents: 0, refundableFeeCents: 20_000 });
  });

  it('asks the processor again with the same key when a crash left the refund unanswered', async () => {
    const { project, sale } = await workedExample({ source: 'card', stripePaymentIntentId: 'pi_test_4' });
    const key = randomUUID();
    let crash = true;
    const fake = processor(async () => {
      if (crash) throw new Error('socket hang up');
      return { id: 're_4', status: 'succeeded' };
    });
    // The first try: the row is written, then the call fails before any answer (treated as the crash).
    await refundSale(t.deps, fake.ports, auth(), project.id, sale.id, {
      itemId: null,
      full: true,
      idempotencyKey: key,
    }).catch(() => undefined);
    // Put the row back as a crash would have left it: pending, no processor id.
    await t.database.db
      .update(refunds)
      .set({ status: 'pending', failureCode: null })
      .where(eq(refunds.idempotencyKey, key));
    crash = false;
    const result = await refundSale(t.deps, fake.ports, auth(), project.id, sale.id, {
      itemId: null,
      full: true,
      idempotencyKey: key,
    });
    expect(result.refund.status).toBe('succeeded');
    expect(fake.calls.map((c) => c.idempotencyKey)).toEqual([key, key]);
    expect(await refundRows(sale.id)).toHaveLength(1);
    expect(result.sale.refundedCents).toBe(22_995);
  });
});
