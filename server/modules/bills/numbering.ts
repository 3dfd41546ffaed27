import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { billSequences } from '../../db/schema';

/**
 * The next bill number of a company: one unbroken sequence per company (`bill_sequences`), shared by invoices and
 * credit notes. The upsert takes the company's row lock until the caller's transaction ends, so concurrent bills
 * queue behind each other and each reads the number the previous one left; a rolled-back transaction gives its
 * number back (the next bill takes it), a committed one keeps it: no gap, no number used twice.
 */
export async function nextBillNumber(tx: Tx, companyId: string): Promise<number> {
  const [row] = await tx
    .insert(billSequences)
    .values({ companyId, last: 1 })
    .onConflictDoUpdate({ target: billSequences.companyId, set: { last: sql`${billSequences.last} + 1` } })
    .returning({ last: billSequences.last });
  return row.last;
}
