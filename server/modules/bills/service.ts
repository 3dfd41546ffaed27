import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertProject } from '../activities/category-service';
import { toLocalTime } from '../activities/local-time';
import { deliverSoon, queueMail } from '../mail/outbox';
import type { BillRef } from '../sales/ports';
import type { AuthContext } from '../session/auth-context';
import { billDocument } from './document';
import { renderBillMail } from './mail';
import { nextBillNumber } from './numbering';
import { renderBillPdf } from './pdf';
import * as repo from './repository';

/**
 * Bills (issue 20): an invoice per paid sale, a credit note per succeeded refund, each numbered in the company's
 * unbroken sequence (./numbering.ts) inside the caller's transaction. The PDF is drawn again from the sale's copied
 * rows at each download or sending, so nothing but the number and the date is stored. See docs/sales/bills.md.
 */

type Scope = { companyId: string; projectId: string };

/** A new bill with the company's next number. */
async function numberBill(
  tx: Tx,
  scope: Scope,
  bill: { requestId: string; refundId?: string; kind: 'invoice' | 'credit_note'; language: string },
  now: Date | undefined,
): Promise<BillRef> {
  const number = await nextBillNumber(tx, scope.companyId);
  const row = await repo.insertBill(tx, {
    companyId: scope.companyId,
    projectId: scope.projectId,
    ...bill,
    number,
    ...(now ? { createdAt: now } : {}),
  });
  return { billId: row.id, number };
}

/**
 * The invoice of a paid sale, in the caller's transaction. Idempotent: the sale is locked first, so asking again
 * (or twice at once) returns the invoice already made, and no number is spent for it.
 */
export async function issueInvoice(
  tx: Tx,
  input: Scope & { requestId: string },
  now?: Date,
): Promise<BillRef> {
  const request = await repo.lockRequest(tx, input, input.requestId);
  if (!request) throw AppError.notFound();
  const existing = await repo.findInvoiceOfRequest(tx, request.id);
  if (existing) return { billId: existing.id, number: existing.number };
  if (request.status !== 'paid') throw new AppError('bills.notPaid', 'conflict');
  return numberBill(tx, input, { requestId: request.id, kind: 'invoice', language: request.language }, now);
}

/**
 * The credit note of a succeeded refund, in the caller's transaction; idempotent like the invoice. A sale refunded
 * before it had an invoice gets its invoice first, so that the credit note names the invoice it credits.
 */
export async function issueCreditNote(
  tx: Tx,
  input: Scope & { refundId: string },
  now?: Date,
): Promise<BillRef> {
  const refund = await repo.lockRefund(tx, input, input.refundId);
  if (!refund) throw AppError.notFound();
  const existing = await repo.findCreditNoteOfRefund(tx, refund.id);
  if (existing) return { billId: existing.id, number: existing.number };
  if (refund.status !== 'succeeded') throw new AppError('bills.refundNotSucceeded', 'conflict');
  const request = await repo.findRequest(tx, input, refund.requestId);
  if (!request) throw AppError.notFound();
  if (request.status === 'paid') await issueInvoice(tx, { ...input, requestId: request.id }, now);
  const bill = { requestId: request.id, refundId: refund.id, language: request.language };
  return numberBill(tx, input, { ...bill, kind: 'credit_note' }, now);
}

/** The two issuing calls for the sales ports (server/modules/sales/ports.ts), dated by the app's clock. */
export function billPorts(deps: Pick<Deps, 'now'>) {
  return {
    issueInvoice: (tx: Tx, input: Scope & { requestId: string }) => issueInvoice(tx, input, deps.now()),
    issueCreditNote: (tx: Tx, input: Scope & { refundId: string }) => issueCreditNote(tx, input, deps.now()),
  };
}

// ---------- the routes' side ----------

async function ownSale(deps: Deps, auth: AuthContext, projectId: string, requestId: string) {
  const project = await assertProject(deps.db, auth, projectId);
  const scope = { companyId: auth.companyId, projectId };
  const request = await repo.findRequest(deps.db, scope, requestId);
  if (!request) throw AppError.notFound();
  return { project, scope, request };
}

export async function listBills(deps: Deps, auth: AuthContext, projectId: string, requestId: string) {
  const { project, scope } = await ownSale(deps, auth, projectId, requestId);
  const rows = await repo.listBillsOfRequest(deps.db, scope, requestId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind as 'invoice' | 'credit_note',
      number: row.number,
      language: row.language === 'en' ? ('en' as const) : ('fr' as const),
      createdAt: row.createdAt,
      issuedOn: toLocalTime(row.createdAt, project.timeZone).slice(0, 10),
      refundId: row.refundId,
    })),
  };
}

/** A bill's PDF and the name it is downloaded and attached under (« facture-12.pdf », "credit-note-13.pdf"). */
export async function billPdf(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  requestId: string,
  billId: string,
) {
  const { scope } = await ownSale(deps, auth, projectId, requestId);
  const bill = await repo.findBill(deps.db, scope, requestId, billId);
  if (!bill) throw AppError.notFound();
  const document = await billDocument(deps.db, scope, bill);
  const bytes = await renderBillPdf(document);
  return { bill, document, bytes };
}

/** Queues the bill to the buyer (their language, the PDF attached as a file) and asks for delivery at once. */
export async function sendBill(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  requestId: string,
  billId: string,
) {
  const { bill, document, bytes } = await billPdf(deps, auth, projectId, requestId, billId);
  const request = await repo.findRequest(deps.db, { companyId: auth.companyId, projectId }, requestId);
  if (!request) throw AppError.notFound();
  // A sale entered by hand may have no address: say so rather than queue a message that cannot leave.
  if (!request.buyerEmail.includes('@')) throw new AppError('bills.noBuyerEmail', 'conflict');
  const mail = renderBillMail(document, bytes);
  const { id } = await queueMail(deps.db, {
    companyId: auth.companyId,
    projectId,
    kind: bill.kind === 'invoice' ? 'invoice' : 'credit-note',
    to: { email: request.buyerEmail, name: request.buyerName },
    language: document.language,
    participantId: request.participantId,
    ...mail,
  });
  await deliverSoon(deps);
  return { messageId: id, to: request.buyerEmail };
}
