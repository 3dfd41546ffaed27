import { z } from 'zod';
import { defineEndpoint, language, timestamp, uuidParam } from './http';

/**
 * Bills (issue 20, S2): an invoice per paid sale and a credit note per refund, numbered in one unbroken sequence per
 * company, printed as a PDF in the buyer's language, downloaded from the sale's detail panel and sent to the buyer
 * through the outbox. See docs/sales/bills.md.
 */

export const BILL_KINDS = ['invoice', 'credit_note'] as const;
export const billKind = z.enum(BILL_KINDS);
export type BillKind = z.infer<typeof billKind>;

const tag = 'bills';
const base = '/api/projects/:projectId/sales/:requestId/bills';
const saleParams = z.object({ projectId: uuidParam, requestId: uuidParam });
const billParams = saleParams.extend({ billId: uuidParam });

export const bill = z.object({
  id: z.uuid(),
  kind: billKind,
  number: z.number().int(),
  /** The buyer's language, which the PDF speaks. */
  language,
  /** When it was issued; the day shown is `issuedOn`, in the project's time zone. */
  createdAt: timestamp,
  /** YYYY-MM-DD in the project's time zone. */
  issuedOn: z.string(),
  /** The refund a credit note is for; null for the invoice. */
  refundId: z.uuid().nullable(),
});
export type Bill = z.input<typeof bill>;

export const listSaleBills = defineEndpoint({
  method: 'GET',
  path: base,
  access: 'user',
  tag,
  summary: 'The bills of a sale: its invoice, then a credit note per refund, by number',
  params: saleParams,
  response: z.object({ items: z.array(bill) }),
});

export const downloadBillPdf = defineEndpoint({
  method: 'GET',
  path: `${base}/:billId/pdf`,
  access: 'user',
  tag,
  summary: 'A bill as a PDF (in the buyer’s language), downloaded under a name with its number',
  params: billParams,
  response: z.any().meta({ type: 'string', format: 'binary' }),
});

export const sendBill = defineEndpoint({
  method: 'POST',
  path: `${base}/:billId/send`,
  access: 'user',
  tag,
  summary: 'Queue an e-mail to the buyer, in their language, with the bill’s PDF attached',
  params: billParams,
  response: z.object({ messageId: z.uuid(), to: z.string() }),
});
