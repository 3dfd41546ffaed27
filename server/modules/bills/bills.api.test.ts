import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../contracts/money';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, buildProject } from '../../../tests/support/test-app';
import { type MailAttachment, mailMessages, projects } from '../../db/schema';
import { GST, insertRefund, insertSale, QST, setSeller } from './fixtures';
import { readPdfText } from './pdf-text';
import { issueCreditNote, issueInvoice } from './service';

// A sale's bills through the API: the list, the PDF read back by pdf.js, the sending through the outbox.
const { t, camille, jordan } = withTestApp();

const ZOE = 'Zoë Ødegård-Ивановa';
const SELLER = 'Événements Maillage inc.';
const SELLER_ADDRESS = '1234, rue Sainte-Catherine Ouest, Montréal (Québec) H3G 1P1';

let project: { id: string; nameFr: string; nameEn: string };
let scope: { companyId: string; projectId: string };

beforeAll(async () => {
  project = await buildProject(camille, { nameFr: 'Salon des Érables', nameEn: 'Maple Fair' });
  const [row] = await t.deps.db.select().from(projects).where(eq(projects.id, project.id));
  scope = { companyId: row.companyId, projectId: project.id };
  await setSeller(t.deps.db, project.id, SELLER, SELLER_ADDRESS);
});

const billsUrl = (requestId: string, projectId = project.id) =>
  `/api/projects/${projectId}/sales/${requestId}/bills`;

async function download(client: ApiClient, url: string) {
  const response = await t.app.inject({ method: 'GET', url, cookies: { ...client.cookies } });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

const invoiceOf = (requestId: string) =>
  t.deps.db.transaction((tx) => issueInvoice(tx, { ...scope, requestId }));
const creditNoteOf = (refundId: string) =>
  t.deps.db.transaction((tx) => issueCreditNote(tx, { ...scope, refundId }));

/** A paid sale of $100.00 with GST and QST, and its invoice. */
async function billedSale(language: 'fr' | 'en', buyerName = ZOE) {
  const sale = await insertSale(t.deps.db, {
    projectId: project.id,
    language,
    buyerName,
    buyerOrganisation: 'Érablière Ωmega',
  });
  const invoice = await invoiceOf(sale.request.id);
  return { sale, invoice };
}

/**
 * An amount as the PDF prints it. The no-break space of « 114,98 $ » keeps the amount and its sign on one line when
 * drawn, but reads back as a plain space: the font draws both with one glyph, and a PDF maps glyphs back to text.
 */
const printed = (cents: number, lang: 'fr' | 'en') =>
  formatMoney(cents, 'CAD', lang).replace(/[\u00a0\u202f]/g, ' ');

async function pdfOf(requestId: string, billId: string) {
  const file = await download(camille, `${billsUrl(requestId)}/${billId}/pdf`);
  expect(file.status, file.bytes.toString()).toBe(200);
  return { ...file, text: await readPdfText(file.bytes) };
}

describe('the invoice PDF', () => {
  it('prints the seller, the buyer as typed, each tax with its rate and number, and the sums in French', async () => {
    const { sale, invoice } = await billedSale('fr');
    const { headers, bytes, text } = await pdfOf(sale.request.id, invoice.billId);

    expect(headers['content-type']).toBe('application/pdf');
    expect(headers['content-disposition']).toContain(`filename="facture-${invoice.number}.pdf"`);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const line of [
      SELLER,
      SELLER_ADDRESS,
      `Facture nº ${invoice.number}`,
      'Événement : Salon des Érables',
      'Facturé à',
      ZOE,
      'Érablière Ωmega',
      'Inscription générale',
      'Sous-total',
      'TPS (5 %) — nº d’inscription 123456789 RT0001',
      'TVQ (9,975 %) — nº d’inscription 1234567890 TQ0001',
      'Total des taxes',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toContain('Payée le 10 mai 2027');
    // Money as the buyer's locale writes it: « 114,98 $ ».
    expect(text).toContain('Total 114,98 $');
    for (const amount of [10_000, 500, 998, 1_498]) expect(text).toContain(printed(amount, 'fr'));
    expect(text).not.toContain('Invoice');
  });

  it('speaks English to a buyer who bought in English', async () => {
    const { sale, invoice } = await billedSale('en', 'Ben Côté');
    const { headers, text } = await pdfOf(sale.request.id, invoice.billId);

    expect(headers['content-disposition']).toContain(`filename="invoice-${invoice.number}.pdf"`);
    for (const line of [
      `Invoice no. ${invoice.number}`,
      'Event: Maple Fair',
      'Billed to',
      'Ben Côté',
      'General admission',
      'GST (5%) — registration no. 123456789 RT0001',
      'QST (9.975%) — registration no. 1234567890 TQ0001',
      'Subtotal',
      'Total taxes',
      '$100.00',
      '$5.00',
      '$9.98',
      'Total $114.98',
      'Paid on May 10, 2027',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('Facture');
  });

  it('shows each discount under its line with the promo code, and the quantities', async () => {
    const sale = await insertSale(t.deps.db, {
      projectId: project.id,
      items: [
        { nameFr: 'Inscription exposant', nameEn: 'Exhibitor', unitPriceCents: 25_000, taxes: [GST, QST] },
        {
          nameFr: 'Souper gala',
          nameEn: 'Gala dinner',
          unitPriceCents: 8_000,
          quantity: 2,
          discountCents: 4_000,
          promoCode: 'GALA25',
          taxes: [GST, QST],
        },
      ],
    });
    const invoice = await invoiceOf(sale.request.id);
    const { text } = await pdfOf(sale.request.id, invoice.billId);
    const money = (cents: number) => printed(cents, 'fr');

    expect(text).toContain('Souper gala');
    expect(text).toContain(money(16_000));
    expect(text).toContain('Rabais (code promo GALA25)');
    expect(text).toContain(money(-4_000));
    // Taxes on 250.00 + 120.00: GST 12.50 + 6.00, QST 24.94 + 11.97 (each per line, half up).
    expect(text).toContain(money(1_850));
    expect(text).toContain(money(3_691));
    expect(text).toContain(money(37_000 + 1_850 + 3_691));
  });
});

describe('the credit note PDF', () => {
  it('shows the fee, the amount retained, the total, each tax, the total with taxes and the invoice it credits', async () => {
    const { sale, invoice } = await billedSale('fr');
    const refund = await insertRefund(t.deps.db, sale, { feeCents: 10_000, retainedCents: 2_000 });
    const note = await creditNoteOf(refund.id);
    expect(note.number).toBeGreaterThan(invoice.number);

    const { headers, text } = await pdfOf(sale.request.id, note.billId);
    expect(headers['content-disposition']).toContain(`filename="note-de-credit-${note.number}.pdf"`);
    const money = (cents: number) => printed(cents, 'fr');
    for (const line of [
      `Note de crédit nº ${note.number}`,
      `Crédite la facture nº ${invoice.number}`,
      'Crédité à',
      ZOE,
      'Remboursement partiel',
      'Frais',
      money(10_000),
      'Montant retenu',
      money(2_000),
      'Total remboursé avant taxes',
      money(8_000),
      'TPS (5 %) — nº d’inscription 123456789 RT0001',
      money(400),
      'TVQ (9,975 %) — nº d’inscription 1234567890 TQ0001',
      money(798),
      'Total avec taxes',
      money(9_198),
    ]) {
      expect(text).toContain(line);
    }
  });

  it('names the item refunded, in English for an English buyer', async () => {
    const { sale, invoice } = await billedSale('en', 'Ben Côté');
    const refund = await insertRefund(t.deps.db, sale, {
      feeCents: 10_000,
      full: true,
      itemId: sale.items[0].id,
    });
    const note = await creditNoteOf(refund.id);
    const { text } = await pdfOf(sale.request.id, note.billId);
    for (const line of [
      `Credit note no. ${note.number}`,
      `Credits invoice no. ${invoice.number}`,
      'Full refund',
      'Item refunded: General admission',
      'Amount retained',
      '$0.00',
      'Total with taxes',
      '$114.98',
    ]) {
      expect(text).toContain(line);
    }
  });
});

describe('a sale’s bills', () => {
  it('lists the invoice then the credit notes, with their kind, number and day in the project’s zone', async () => {
    const { sale, invoice } = await billedSale('fr');
    const refund = await insertRefund(t.deps.db, sale, { feeCents: 5_000 });
    const note = await creditNoteOf(refund.id);

    const response = await camille.get(billsUrl(sale.request.id));
    expect(response.status).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
    expect(response.body.items).toMatchObject([
      { id: invoice.billId, kind: 'invoice', number: invoice.number, language: 'fr', refundId: null },
      { id: note.billId, kind: 'credit_note', number: note.number, refundId: refund.id },
    ]);
    for (const item of response.body.items) expect(item.issuedOn).toBe(today);
  });

  it('answers 404 for a sale or bill of another project or company, never showing it', async () => {
    const { sale, invoice } = await billedSale('fr');
    const other = await buildProject(camille);
    const pdf = `${billsUrl(sale.request.id)}/${invoice.billId}/pdf`;

    expect((await camille.get(billsUrl(sale.request.id, other.id))).status).toBe(404);
    expect(
      (await download(camille, `${billsUrl(sale.request.id, other.id)}/${invoice.billId}/pdf`)).status,
    ).toBe(404);
    expect((await camille.post(`${billsUrl(sale.request.id, other.id)}/${invoice.billId}/send`)).status).toBe(
      404,
    );
    expect((await jordan.get(billsUrl(sale.request.id))).status).toBe(404);
    expect((await download(jordan, pdf)).status).toBe(404);
    expect((await jordan.post(`${billsUrl(sale.request.id)}/${invoice.billId}/send`)).status).toBe(404);

    // A bill of one sale asked under another sale of the same project.
    const { sale: second } = await billedSale('fr');
    expect((await download(camille, `${billsUrl(second.request.id)}/${invoice.billId}/pdf`)).status).toBe(
      404,
    );
  });
});

describe('sending a bill', () => {
  it('queues a message to the buyer in their language with the same PDF attached as a file', async () => {
    const { sale, invoice } = await billedSale('en', 'Ben Côté');
    const { bytes } = await pdfOf(sale.request.id, invoice.billId);

    const response = await camille.post(`${billsUrl(sale.request.id)}/${invoice.billId}/send`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.to).toBe(sale.request.buyerEmail);

    const [message] = await t.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, response.body.messageId));
    expect(message).toMatchObject({
      projectId: project.id,
      toEmail: sale.request.buyerEmail,
      toName: 'Ben Côté',
      language: 'en',
      subject: `Maple Fair: your invoice no. ${invoice.number}`,
      // No SMTP server in the tests: the message is kept in the app, readable.
      status: 'kept',
    });
    expect(message.text).toContain('$114.98');
    const [attached] = message.attachments as (MailAttachment & { disposition?: string })[];
    expect(attached).toMatchObject({
      filename: `invoice-${invoice.number}.pdf`,
      contentType: 'application/pdf',
      disposition: 'attachment',
    });
    const decoded = Buffer.from(attached.content, 'base64');
    expect(decoded.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(decoded.equals(bytes)).toBe(true);
    expect(await readPdfText(decoded)).toContain(`Invoice no. ${invoice.number}`);

    // The outbox's preview shows no PDF as an inline image.
    const preview = await camille.get(`/api/mail/messages/${message.id}`);
    expect(preview.body.inlineImages).toEqual([]);
  });

  it('sends a credit note in French, its subject naming it', async () => {
    const { sale } = await billedSale('fr');
    const refund = await insertRefund(t.deps.db, sale, { feeCents: 10_000, retainedCents: 2_000 });
    const note = await creditNoteOf(refund.id);
    const response = await camille.post(`${billsUrl(sale.request.id)}/${note.billId}/send`);
    expect(response.status).toBe(200);
    const [message] = await t.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, response.body.messageId));
    expect(message.subject).toBe(`Salon des Érables : votre note de crédit nº ${note.number}`);
    expect(message.text).toContain(`Bonjour ${ZOE},`);
    expect(message.text).toContain(formatMoney(9_198, 'CAD', 'fr'));
    expect(message.attachments?.[0].filename).toBe(`note-de-credit-${note.number}.pdf`);
  });

  it('refuses, saying why, to send the bill of a sale without a buyer address; nothing is queued', async () => {
    const sale = await insertSale(t.deps.db, { projectId: project.id, buyerEmail: '' });
    const invoice = await invoiceOf(sale.request.id);
    const before = await t.deps.db.select({ id: mailMessages.id }).from(mailMessages);

    const response = await camille.post(`${billsUrl(sale.request.id)}/${invoice.billId}/send`);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'bills.noBuyerEmail',
      title: 'Cette vente n’a pas d’adresse courriel d’acheteur : la facture ne peut pas être envoyée.',
    });
    expect(await t.deps.db.select({ id: mailMessages.id }).from(mailMessages)).toHaveLength(before.length);
  });
});
