import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { decodeWords, leaves, startSmtpSink } from '../../../tests/support/mime';
import { buildProject } from '../../../tests/support/test-app';
import { projects } from '../../db/schema';
import { closeMailTransports, deliverQueuedMail } from '../mail/delivery';
import { insertSale } from './fixtures';
import { readPdfText } from './pdf-text';
import { issueInvoice } from './service';

// A bill sent through a real SMTP server arrives as a file to open or save, not as an inline part of the HTML.
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
});
const { t, camille } = withTestApp({
  users: ['camille'],
  env: () => ({ SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_FROM: 'Événements <envois@maillage.test>' }),
});
afterAll(async () => {
  closeMailTransports();
  await sink?.close();
});

describe('a bill through SMTP', () => {
  it('carries the PDF as an attachment with its name, the same bytes as the download', async () => {
    const project = await buildProject(camille, { nameFr: 'Salon des Érables', nameEn: 'Maple Fair' });
    const [row] = await t.deps.db.select().from(projects).where(eq(projects.id, project.id));
    const scope = { companyId: row.companyId, projectId: project.id };
    const sale = await insertSale(t.deps.db, { projectId: project.id, buyerName: 'Zoë Ødegård-Ивановa' });
    const invoice = await t.deps.db.transaction((tx) =>
      issueInvoice(tx, { ...scope, requestId: sale.request.id }),
    );
    const url = `/api/projects/${project.id}/sales/${sale.request.id}/bills/${invoice.billId}`;
    const download = await t.app.inject({
      method: 'GET',
      url: `${url}/pdf`,
      cookies: { ...camille.cookies },
    });

    expect((await camille.post(`${url}/send`)).status).toBe(200);
    await deliverQueuedMail(t.deps);

    const got = sink.received.find((r) => r.to[0] === sale.request.buyerEmail);
    if (!got) throw new Error('the bill did not arrive');
    expect(got.message.type).toBe('multipart/mixed');
    expect(decodeWords(got.message.headers.get('subject') ?? '')).toBe(
      `Salon des Érables : votre facture nº ${invoice.number}`,
    );
    const pdf = leaves(got.message).find((part) => part.type === 'application/pdf');
    if (!pdf) throw new Error('no PDF part');
    expect(pdf.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="?facture-${invoice.number}\\.pdf"?$`),
    );
    expect(pdf.headers.has('content-id')).toBe(false);
    expect(pdf.body.equals(download.rawPayload)).toBe(true);
    expect(await readPdfText(pdf.body)).toContain('Zoë Ødegård-Ивановa');
  });
});
