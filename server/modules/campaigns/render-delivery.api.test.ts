import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { decodeWords, leaves, partOf, startSmtpSink } from '../../../tests/support/mime';
import { mailMessages, personalPages } from '../../db/schema';
import { closeMailTransports, deliverQueuedMail } from '../mail/delivery';
import { queueMail } from '../mail/outbox';
import { renderForRecipients } from './render';
import { everyTagDraft, setUpRecipients } from './render-fixtures';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
});
const { t, camille } = withTestApp({
  env: () => ({ SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_FROM: 'Événements <envois@maillage.test>' }),
});
afterAll(async () => {
  closeMailTransports();
  await sink?.close();
});

/** The text a QR code in this PNG holds. */
async function readQr(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe('a rendered message through SMTP (E5, C4)', () => {
  it('arrives with both bodies, its headers and the QR code inline (cid) that reads back to the personal page', async () => {
    const { ana, ben, scope, project } = await setUpRecipients(t, camille);
    const mails = await renderForRecipients(t.deps, t.deps.db, scope, everyTagDraft, [ana, ben], {
      campaign: true,
      footer: ({ participantId, language }) => ({
        html: `<p>${language === 'fr' ? 'Pied de message' : 'Footer'}</p>`,
        text: language === 'fr' ? 'Pied de message' : 'Footer',
        headers: { 'List-Unsubscribe': `<https://maillage.test/u/${participantId}>` },
      }),
    });
    for (const mail of mails) {
      await queueMail(t.deps.db, {
        companyId: scope.companyId,
        projectId: scope.projectId,
        kind: 'campaign',
        participantId: mail.participantId,
        to: mail.to,
        language: mail.language,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
        attachments: mail.attachments,
      });
    }
    expect(await deliverQueuedMail(t.deps)).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(sink.received).toHaveLength(2);

    const pages = await t.deps.db
      .select()
      .from(personalPages)
      .where(eq(personalPages.projectId, scope.projectId));
    const pageUrl = (id: string) =>
      `${t.deps.config.publicUrl}/p/${pages.find((p) => p.participantId === id)?.token}`;

    for (const [id, lang] of [
      [ana, 'fr'],
      [ben, 'en'],
    ] as const) {
      const mail = mails.find((m) => m.participantId === id);
      const got = sink.received.find((r) => r.to[0] === mail?.to.email);
      if (!mail || !got) throw new Error(`no message for ${id}`);
      const { message } = got;
      expect(got.from).toBe('envois@maillage.test');
      expect(decodeWords(message.headers.get('subject') ?? '')).toBe(
        lang === 'fr' ? `Votre programme, Ana — ${project.nameFr}` : `Your schedule, Ben — ${project.nameEn}`,
      );
      expect(message.headers.get('list-unsubscribe')).toBe(`<https://maillage.test/u/${id}>`);
      expect(message.headers.get('content-language')).toBe(lang);

      const html = partOf(message, 'text/html')?.body.toString('utf8') ?? '';
      // Lines travel as CRLF (SMTP); read them as lines.
      const text = (partOf(message, 'text/plain')?.body.toString('utf8') ?? '').replace(/\r\n/g, '\n');
      const cid = `qr-${id}@maillage.test`;
      expect(html).toContain(`<img src="cid:${cid}"`);
      expect(html).not.toContain('data:image');
      expect(html).toContain(lang === 'fr' ? 'Ronde 1 : table 1' : 'Round 1: table 1');
      expect(html).toContain(lang === 'fr' ? '<p>Pied de message</p>' : '<p>Footer</p>');
      // The text body gives the page's address where the HTML shows the code.
      expect(text.trimEnd()).toMatch(
        new RegExp(`${pageUrl(id)}\\n\\n${lang === 'fr' ? 'Pied de message' : 'Footer'}$`),
      );
      expect(text).toContain(
        lang === 'fr' ? '- Ronde 1 : table 1, avec Ben Côté' : '- Round 1: table 1, with Ana Roy',
      );

      // The image is a part of the same related whole as the HTML, named by its Content-ID.
      const related = partOf(message, 'multipart/related');
      expect(related?.parts.map((p) => p.type)).toEqual(['text/html', 'image/png']);
      const [image] = leaves(message).filter((p) => p.type === 'image/png');
      expect(image.headers.get('content-id')).toBe(`<${cid}>`);
      expect(await readQr(image.body)).toBe(pageUrl(id));
    }

    // The outbox knows whose message it is, and its preview shows the image the HTML names.
    const [row] = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.participantId, ana));
    expect(row).toMatchObject({ status: 'sent', kind: 'campaign', projectId: scope.projectId });
    const preview = await camille.get(`/api/mail/messages/${row.id}`);
    expect(preview.body.inlineImages).toEqual([
      { cid: `qr-${ana}@maillage.test`, dataUri: expect.stringMatching(/^data:image\/png;base64,/) },
    ]);
    const png = Buffer.from(preview.body.inlineImages[0].dataUri.split(',')[1], 'base64');
    expect(await readQr(png)).toBe(pageUrl(ana));
  });
});
