import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import type { BillDocument } from './pdf';
import * as repo from './repository';

/**
 * What a bill prints, read from the sale as it was charged: the items and their taxes are copies made at the sale
 * (names, prices, rates, registration numbers), so a bill reprinted later says what was charged then. The seller's
 * name and address are the project's sales settings (else the company's name and address).
 */
export async function billDocument(
  db: Executor,
  scope: { companyId: string; projectId: string },
  bill: repo.BillRow,
): Promise<BillDocument> {
  const request = await repo.findRequest(db, scope, bill.requestId);
  const header = await repo.findSellerAndProject(db, scope);
  if (!request || !header) throw AppError.notFound();
  const language = bill.language === 'en' ? 'en' : 'fr';
  const items = await repo.listItems(db, request.id);
  const common = {
    number: bill.number,
    language,
    issuedAt: bill.createdAt,
    timeZone: header.timeZone,
    currency: request.currency,
    seller: {
      name: header.sellerName ?? '',
      company: header.companyName,
      address: header.sellerAddress || header.companyAddress || '',
    },
    projectName: language === 'en' ? header.projectNameEn : header.projectNameFr,
    buyer: { name: request.buyerName, organisation: request.buyerOrganisation, email: request.buyerEmail },
  } as const;

  if (bill.kind === 'invoice') {
    return {
      ...common,
      kind: 'invoice',
      paidAt: request.paidAt,
      lines: items.map((item) => ({
        nameFr: item.nameFr,
        nameEn: item.nameEn,
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
        discountCents: item.discountCents,
        promoCode: item.promoCode,
      })),
      taxes: items.flatMap((item) => item.taxes),
      subtotalCents: request.subtotalCents,
      discountCents: request.discountCents,
      taxCents: request.taxCents,
      totalCents: request.totalCents,
    };
  }

  const refund = bill.refundId ? await repo.findRefund(db, bill.refundId) : undefined;
  if (!refund) throw AppError.notFound();
  const invoice = await repo.findInvoiceOfRequest(db, request.id);
  const item = refund.itemId ? items.find((candidate) => candidate.id === refund.itemId) : undefined;
  return {
    ...common,
    kind: 'credit_note',
    invoiceNumber: invoice?.number ?? null,
    full: refund.full,
    item: item ? { nameFr: item.nameFr, nameEn: item.nameEn } : null,
    taxes: refund.taxes,
    feeCents: refund.feeCents,
    retainedCents: refund.retainedCents,
    totalCents: refund.totalCents,
    totalWithTaxesCents: refund.totalWithTaxesCents,
  };
}
