import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { bills } from '../../db/schema';
import { insertCompanyWithProject, insertRefund, insertSale } from './fixtures';
import { issueCreditNote, issueInvoice } from './service';

// Numbers run in one unbroken sequence per company: no gap, no number twice, also under concurrency.
const { t } = withTestApp({ users: [] });

const invoice = (scope: { companyId: string; projectId: string }, requestId: string) =>
  t.deps.db.transaction((tx) => issueInvoice(tx, { ...scope, requestId }));

const numbersOf = async (companyId: string) =>
  (await t.deps.db.select({ number: bills.number }).from(bills).where(eq(bills.companyId, companyId)))
    .map((row) => row.number)
    .sort((a, b) => a - b);

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('bill numbers', () => {
  it('gives 20 invoices made at once the numbers 1 to 20, none twice, none missing', async () => {
    const scope = await insertCompanyWithProject(t.deps.db);
    const sales = [];
    for (let i = 0; i < 20; i++) sales.push(await insertSale(t.deps.db, { projectId: scope.projectId }));

    const refs = await Promise.all(sales.map((sale) => invoice(scope, sale.request.id)));

    expect(refs.map((ref) => ref.number).sort((a, b) => a - b)).toEqual(range(1, 20));
    expect(await numbersOf(scope.companyId)).toEqual(range(1, 20));
  });

  it('gives back the number of a bill whose transaction rolled back: the next bill takes it', async () => {
    const scope = await insertCompanyWithProject(t.deps.db);
    const [first, lost, next] = [
      await insertSale(t.deps.db, { projectId: scope.projectId }),
      await insertSale(t.deps.db, { projectId: scope.projectId }),
      await insertSale(t.deps.db, { projectId: scope.projectId }),
    ];
    expect((await invoice(scope, first.request.id)).number).toBe(1);

    let seen = 0;
    await expect(
      t.deps.db.transaction(async (tx) => {
        seen = (await issueInvoice(tx, { ...scope, requestId: lost.request.id })).number;
        throw new Error('the sale failed after its invoice');
      }),
    ).rejects.toThrow('the sale failed');
    expect(seen).toBe(2);

    expect((await invoice(scope, next.request.id)).number).toBe(2);
    expect(await numbersOf(scope.companyId)).toEqual([1, 2]);
    // The rolled-back sale has no invoice: asked again, it takes the next number.
    expect((await invoice(scope, lost.request.id)).number).toBe(3);
  });

  it('counts each company on its own', async () => {
    const a = await insertCompanyWithProject(t.deps.db);
    const b = await insertCompanyWithProject(t.deps.db);
    const saleA1 = await insertSale(t.deps.db, { projectId: a.projectId });
    const saleB1 = await insertSale(t.deps.db, { projectId: b.projectId });
    const saleA2 = await insertSale(t.deps.db, { projectId: a.projectId });

    expect((await invoice(a, saleA1.request.id)).number).toBe(1);
    expect((await invoice(b, saleB1.request.id)).number).toBe(1);
    expect((await invoice(a, saleA2.request.id)).number).toBe(2);
  });

  it('returns the invoice already made for the same sale, also when asked several times at once', async () => {
    const scope = await insertCompanyWithProject(t.deps.db);
    const sale = await insertSale(t.deps.db, { projectId: scope.projectId });

    const refs = await Promise.all(range(1, 5).map(() => invoice(scope, sale.request.id)));

    expect(new Set(refs.map((ref) => ref.billId)).size).toBe(1);
    expect(refs.map((ref) => ref.number)).toEqual([1, 1, 1, 1, 1]);
    expect(await numbersOf(scope.companyId)).toEqual([1]);
    const other = await insertSale(t.deps.db, { projectId: scope.projectId });
    expect((await invoice(scope, other.request.id)).number).toBe(2);
  });

  it('numbers credit notes in the same sequence, once per refund, after the invoice they credit', async () => {
    const scope = await insertCompanyWithProject(t.deps.db);
    const sale = await insertSale(t.deps.db, { projectId: scope.projectId });
    const refund = await insertRefund(t.deps.db, sale, { feeCents: 10_000, retainedCents: 2_000 });
    const credit = (refundId: string) =>
      t.deps.db.transaction((tx) => issueCreditNote(tx, { ...scope, refundId }));

    // Refunded before it had an invoice: the invoice comes first.
    const note = await credit(refund.id);
    expect(note.number).toBe(2);
    expect((await invoice(scope, sale.request.id)).number).toBe(1);
    expect(await credit(refund.id)).toEqual(note);

    const second = await insertRefund(t.deps.db, sale, { feeCents: 2_000, retainedCents: 0 });
    expect((await credit(second.id)).number).toBe(3);
    expect(await numbersOf(scope.companyId)).toEqual([1, 2, 3]);
  });

  it('refuses an invoice for an unpaid sale and a credit note for a refund that did not go through', async () => {
    const scope = await insertCompanyWithProject(t.deps.db);
    const pending = await insertSale(t.deps.db, { projectId: scope.projectId, status: 'pending' });
    await expect(invoice(scope, pending.request.id)).rejects.toMatchObject({ code: 'bills.notPaid' });

    const paid = await insertSale(t.deps.db, { projectId: scope.projectId });
    const failed = await insertRefund(t.deps.db, paid, { feeCents: 1_000, status: 'failed' });
    await expect(
      t.deps.db.transaction((tx) => issueCreditNote(tx, { ...scope, refundId: failed.id })),
    ).rejects.toMatchObject({ code: 'bills.refundNotSucceeded' });

    // Another company's sale is not found: nothing is numbered.
    const other = await insertCompanyWithProject(t.deps.db);
    await expect(invoice(other, paid.request.id)).rejects.toMatchObject({ code: 'notFound' });
    expect(await numbersOf(scope.companyId)).toEqual([]);
    expect(await numbersOf(other.companyId)).toEqual([]);
  });
});
