import { formatMoney } from '../../../contracts/money';
import { translator } from '../../i18n';
import type { OutgoingMail } from '../mail/outbox';
import { escapeHtml, mailLayout } from '../mail/templates';
import type { BillDocument } from './pdf';

/** The name a bill is downloaded and attached under, in its language: « facture-12.pdf », "credit-note-13.pdf". */
export function billFilename(bill: Pick<BillDocument, 'kind' | 'number' | 'language'>) {
  return translator(bill.language)(`bills.filename.${bill.kind}`, { number: bill.number });
}

/** The message that carries a bill to the buyer: a few lines in their language and the PDF attached as a file. */
export function renderBillMail(
  bill: BillDocument,
  pdf: Buffer,
): Pick<OutgoingMail, 'subject' | 'html' | 'text' | 'attachments'> {
  const t = translator(bill.language);
  const invoice = bill.kind === 'invoice';
  const total = formatMoney(
    invoice ? bill.totalCents : bill.totalWithTaxesCents,
    bill.currency,
    bill.language,
  );
  const values = { project: bill.projectName, number: bill.number, total };
  const subject = t(invoice ? 'bills.mail.invoiceSubject' : 'bills.mail.creditNoteSubject', values);
  const lines = [
    t('bills.mail.greeting', { name: bill.buyer.name }),
    t(invoice ? 'bills.mail.invoiceBody' : 'bills.mail.creditNoteBody', values),
    t('bills.mail.closing'),
  ];
  const filename = billFilename(bill);
  return {
    subject,
    html: mailLayout(
      bill.language,
      subject,
      lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join('\n'),
    ),
    text: `${lines.join('\n\n')}\n`,
    attachments: [
      {
        cid: filename,
        filename,
        contentType: 'application/pdf',
        content: pdf.toString('base64'),
        disposition: 'attachment',
      },
    ],
  };
}
