import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Language } from '../../../contracts/http';
import { formatMoney, formatRate } from '../../../contracts/money';
import { translator } from '../../i18n';
import { formatMailDate } from '../mail/templates';

/**
 * A bill as a PDF (pdfkit), in the buyer's language: the seller, the title with the number and the date (in the
 * project's time zone), the buyer, the lines, each tax with its rate and the seller's registration number, and the
 * sums. The fonts are DejaVu Sans, embedded (subset), so any Latin, Greek or Cyrillic name prints as typed, and the
 * PDF carries its Unicode text (copy, search, screen readers, our tests read it back).
 */

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

export interface BillTax {
  nameFr: string;
  nameEn: string;
  rateMilli: number;
  registrationNumber: string;
  amountCents: number;
}

export interface BillLine {
  nameFr: string;
  nameEn: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  promoCode: string | null;
}

interface BillCommon {
  number: number;
  language: Language;
  issuedAt: Date;
  timeZone: string;
  currency: string;
  seller: { name: string; company: string; address: string };
  projectName: string;
  buyer: { name: string; organisation: string; email: string };
  taxes: BillTax[];
}

export interface InvoiceDocument extends BillCommon {
  kind: 'invoice';
  paidAt: Date | null;
  lines: BillLine[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

export interface CreditNoteDocument extends BillCommon {
  kind: 'credit_note';
  invoiceNumber: number | null;
  full: boolean;
  /** The item refunded (the detail level), null for the whole sale. */
  item: { nameFr: string; nameEn: string } | null;
  feeCents: number;
  retainedCents: number;
  totalCents: number;
  totalWithTaxesCents: number;
}

export type BillDocument = InvoiceDocument | CreditNoteDocument;

/** Taxes of the same name, rate and number add up to one line. */
export function sumTaxes(taxes: readonly BillTax[]): BillTax[] {
  const byKey = new Map<string, BillTax>();
  for (const tax of taxes) {
    const key = JSON.stringify([tax.nameFr, tax.nameEn, tax.rateMilli, tax.registrationNumber]);
    const found = byKey.get(key);
    if (found) found.amountCents += tax.amountCents;
    else byKey.set(key, { ...tax });
  }
  return [...byKey.values()];
}

// Letter, 50 pt margins: 512 pt of width.
const LEFT = 50;
const WIDTH = 512;
const RIGHT = LEFT + WIDTH;
const BOTTOM = 792 - 50;
const AMOUNT_WIDTH = 110;

export function renderBillPdf(bill: BillDocument): Promise<Buffer> {
  const lang = bill.language;
  const t = translator(lang);
  const k = (key: string, values?: Record<string, unknown>) => t(`bills.pdf.${key}`, values ?? {});
  const money = (cents: number) => formatMoney(cents, bill.currency, lang);
  const named = (item: { nameFr: string; nameEn: string }) => (lang === 'en' ? item.nameEn : item.nameFr);
  const title = k(bill.kind === 'invoice' ? 'invoiceTitle' : 'creditNoteTitle', { number: bill.number });

  const doc = new PDFDocument({
    size: 'LETTER',
    margin: LEFT,
    font: FONTS.regular,
    lang: lang === 'en' ? 'en-CA' : 'fr-CA',
    info: { Title: title, Author: bill.seller.name || bill.seller.company, CreationDate: bill.issuedAt },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = LEFT;
  const room = (height: number) => {
    if (y + height > BOTTOM) {
      doc.addPage();
      y = LEFT;
    }
  };
  const write = (
    text: string,
    options: { x?: number; width?: number; bold?: boolean; size?: number } = {},
  ) => {
    doc.font(options.bold ? 'bold' : 'regular').fontSize(options.size ?? 10);
    const width = options.width ?? WIDTH;
    const height = doc.heightOfString(text, { width });
    room(height);
    doc.text(text, options.x ?? LEFT, y, { width });
    y += height;
  };
  /** A label on the left and an amount on the right, on one line. */
  const sum = (label: string, cents: number, bold = false) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(10);
    const labelWidth = WIDTH - AMOUNT_WIDTH - 10;
    const height = doc.heightOfString(label, { width: labelWidth });
    room(height + 2);
    doc.text(label, LEFT, y, { width: labelWidth });
    doc.text(money(cents), RIGHT - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right' });
    y += height + 2;
  };
  const gap = (height = 12) => {
    y += height;
  };
  const rule = () => {
    room(8);
    doc
      .moveTo(LEFT, y + 3)
      .lineTo(RIGHT, y + 3)
      .lineWidth(0.5)
      .strokeColor('#9aa5b1')
      .stroke();
    y += 8;
  };

  // The seller, then the title, the number and the date.
  write(bill.seller.name || bill.seller.company, { bold: true, size: 12 });
  if (bill.seller.name && bill.seller.company && bill.seller.name !== bill.seller.company) {
    write(bill.seller.company);
  }
  if (bill.seller.address) write(bill.seller.address);
  gap(18);
  write(title, { bold: true, size: 16 });
  write(k('date', { date: formatMailDate(bill.issuedAt, lang, bill.timeZone) }));
  if (bill.projectName) write(k('event', { name: bill.projectName }));
  if (bill.kind === 'credit_note' && bill.invoiceNumber !== null) {
    write(k('credits', { number: bill.invoiceNumber }));
  }
  if (bill.kind === 'invoice' && bill.paidAt) {
    write(k('paidOn', { date: formatMailDate(bill.paidAt, lang, bill.timeZone) }));
  }
  gap();

  // The buyer.
  write(k(bill.kind === 'invoice' ? 'billedTo' : 'creditedTo'), { bold: true });
  write(bill.buyer.name);
  if (bill.buyer.organisation) write(bill.buyer.organisation);
  if (bill.buyer.email) write(bill.buyer.email);
  gap();

  if (bill.kind === 'invoice') {
    // The lines: name, quantity, unit price, amount; a discount below its line with its promo code.
    const columns = [
      { x: LEFT, width: 232, align: 'left' as const },
      { x: LEFT + 232, width: 50, align: 'right' as const },
      { x: LEFT + 282, width: 110, align: 'right' as const },
      { x: RIGHT - AMOUNT_WIDTH, width: AMOUNT_WIDTH, align: 'right' as const },
    ];
    const row = (cells: string[], bold = false) => {
      doc.font(bold ? 'bold' : 'regular').fontSize(10);
      const height = Math.max(
        ...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i].width })),
      );
      room(height + 4);
      cells.forEach((cell, i) => {
        if (cell) doc.text(cell, columns[i].x, y, { width: columns[i].width, align: columns[i].align });
      });
      y += height + 4;
    };
    row([k('item'), k('quantity'), k('unitPrice'), k('amount')], true);
    rule();
    for (const line of bill.lines) {
      row([
        named(line),
        String(line.quantity),
        money(line.unitPriceCents),
        money(line.unitPriceCents * line.quantity),
      ]);
      if (line.discountCents > 0) {
        const label = line.promoCode ? k('discountCode', { code: line.promoCode }) : k('discount');
        row([label, '', '', money(-line.discountCents)]);
      }
    }
    rule();
    sum(k('subtotal'), bill.subtotalCents);
    if (bill.discountCents > 0) sum(k('discount'), -bill.discountCents);
    sumTaxLines(bill.taxes, sum, k, named, lang);
    sum(k('taxTotal'), bill.taxCents);
    rule();
    sum(k('total'), bill.totalCents, true);
  } else {
    write(k(bill.full ? 'fullRefund' : 'partialRefund'), { bold: true });
    if (bill.item) write(k('refundedItem', { name: named(bill.item) }));
    gap(6);
    rule();
    sum(k('fee'), bill.feeCents);
    sum(k('retained'), bill.retainedCents);
    sum(k('refundTotal'), bill.totalCents);
    sumTaxLines(bill.taxes, sum, k, named, lang);
    rule();
    sum(k('totalWithTaxes'), bill.totalWithTaxesCents, true);
  }

  doc.end();
  return done;
}

/** Each tax on its own line: its name, its rate and the seller's registration number, then its amount. */
function sumTaxLines(
  taxes: readonly BillTax[],
  sum: (label: string, cents: number) => void,
  k: (key: string, values?: Record<string, unknown>) => string,
  named: (tax: BillTax) => string,
  lang: Language,
) {
  for (const tax of sumTaxes(taxes)) {
    const rate = formatRate(tax.rateMilli, lang);
    const label = tax.registrationNumber
      ? k('taxWithNumber', { name: named(tax), rate, number: tax.registrationNumber })
      : k('tax', { name: named(tax), rate });
    sum(label, tax.amountCents);
  }
}
