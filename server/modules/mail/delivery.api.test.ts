import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../tests/support/test-app';
import { companies, mailMessages } from '../../db/schema';
import { type Jobs, startJobs } from '../../jobs/queue';
import { DEMO_ORGANISER } from '../../seed/demo';
import { closeMailTransports, deliverQueuedMail, MAX_ATTEMPTS, STALE_SENDING_MS } from './delivery';
import { mailJobs } from './jobs';
import { deliverSoon, type OutgoingMail, queueMail } from './outbox';
import { HIDDEN_TOKEN } from './secret-links';
import { renderInscriptionMail } from './templates';

/** A message as a mail client would read it: headers unfolded, encoded words and quoted-printable decoded. */
interface Received {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  messageId: string;
  decoded: string;
}

const received: Received[] = [];
/** Answers of the next DATA commands, before accepting: e.g. [451] refuses one delivery for now. */
let refusals: number[] = [];
/** Called as each message is accepted (e.g. to move the clock as a slow relay would). */
let onAccepted: (() => void) | null = null;

const bytesOf = (latin1: string) => Buffer.from(latin1, 'latin1').toString('utf8');
function decodeWords(value: string) {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : bytesOf(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m, h) => String.fromCharCode(parseInt(h, 16))),
        ),
  );
}
function parse(raw: string, from: string, to: string[]): Received {
  const [head] = raw.split(/\r\n\r\n/);
  const headers = head.replace(/\r\n[ \t]+/g, ' ').split('\r\n');
  const header = (name: string) =>
    headers
      .find((h) => h.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const decoded = bytesOf(
    raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h) => String.fromCharCode(parseInt(h, 16))),
  );
  return { from, to, raw, subject: decodeWords(header('Subject')), messageId: header('Message-ID'), decoded };
}

const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === 'maillage' && auth.password === 'secret') callback(null, { user: 'maillage' });
    else callback(new Error('Invalid username or password'));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const code = refusals.shift();
      if (code) {
        callback(
          Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
            responseCode: code,
          }),
        );
        return;
      }
      const raw = Buffer.concat(chunks).toString('latin1');
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      received.push(
        parse(
          raw,
          from,
          session.envelope.rcptTo.map((r) => r.address),
        ),
      );
      onAccepted?.();
      callback(null);
    });
  },
});

let t: TestApp;
let demoId: string;
/** The app's clock runs with the real one, moved forward by the tests (retry delays, interrupted sends). */
let offset = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    env: {
      SMTP_URL: `smtp://maillage:secret@127.0.0.1:${port}`,
      MAIL_FROM: 'Événements <events@maillage.test>',
    },
    now: () => new Date(Date.now() + offset),
  });
  const [demo] = await t.deps.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.isDemo, true));
  demoId = demo.id;
});
afterAll(async () => {
  closeMailTransports();
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
  refusals = [];
  onAccepted = null;
});

function message(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  const mail = renderInscriptionMail({
    language: 'fr',
    firstName: 'Élise',
    lastName: 'Bouchard',
    projectName: 'Journée B2B Montréal',
    startsOn: '2027-06-01',
    endsOn: '2027-06-02',
    timeZone: 'America/Toronto',
    contactEmail: 'bonjour@maillage.test',
  });
  return {
    companyId: demoId,
    projectId: null,
    kind: 'inscription',
    to: { email: `elise-${randomUUID().slice(0, 8)}@example.test`, name: 'Élise Bouchard' },
    language: 'fr',
    ...mail,
    ...overrides,
  };
}

async function row(id: string) {
  const [found] = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.id, id));
  return found;
}

describe('delivery through SMTP', () => {
  it('sends a queued message once: subject, recipient and body arrive; the outbox says sent', async () => {
    const mail = message();
    const { id } = await queueMail(t.deps.db, mail);
    expect(await deliverQueuedMail(t.deps)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await deliverQueuedMail(t.deps)).toEqual({ sent: 0, retried: 0, failed: 0 });

    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got.from).toBe('events@maillage.test');
    expect(got.to).toEqual([mail.to.email]);
    expect(got.subject).toBe('Votre inscription à Journée B2B Montréal');
    expect(got.messageId).toBe(`<${id}@maillage.test>`);
    expect(got.decoded).toContain('Bonjour Élise,');
    expect(got.decoded).toContain('du 1er juin 2027 au 2 juin 2027');
    expect(got.decoded).toContain('<html lang="fr">');

    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      messageId: `<${id}@maillage.test>`,
      sentAt: expect.any(Date),
    });
    const organiser = await signIn(t.app, DEMO_ORGANISER);
    expect((await organiser.get('/api/mail/settings')).body).toEqual({
      smtpConfigured: true,
      from: 'Événements <events@maillage.test>',
    });
    const shown = await organiser.get(`/api/mail/messages/${id}`);
    expect(shown.body).toMatchObject({
      status: 'sent',
      sentAt: expect.any(String),
      messageId: `<${id}@maillage.test>`,
    });
  });

  it('an invitation reaches its reader with its link; once sent, the outbox keeps it with the link hidden', async () => {
    const admin = await signIn(t.app, DEMO_ORGANISER);
    const to = `olivia-${randomUUID().slice(0, 8)}@example.test`;
    const invited = await admin.post('/api/users/invitations', {
      firstName: 'Olivia',
      lastName: 'Gagné',
      email: to,
      role: 'organiser',
      locale: 'fr',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    await deliverQueuedMail(t.deps);

    const got = received.find((mail) => mail.to.includes(to));
    const link = /https?:\/\/[^\s"<]+\/invitation\/([A-Za-z0-9_-]{43})/.exec(got?.decoded ?? '');
    expect(link, got?.decoded).not.toBeNull();
    const token = (link as RegExpExecArray)[1];

    const [kept] = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.toEmail, to));
    expect(kept).toMatchObject({ kind: 'invitation', status: 'sent' });
    const shown = (await admin.get(`/api/mail/messages/${kept.id}`)).body as { html: string; text: string };
    for (const body of [shown.html, shown.text]) {
      expect(body).not.toContain(token);
      expect(body).toContain(`/invitation/${HIDDEN_TOKEN}`);
    }
    // The reader's link still opens the invitation.
    expect((await admin.get(`/api/invitations/${token}`)).status).toBe(200);
  });

  it('sends the extra headers and the inline images (cid) of a message; the preview returns the images', async () => {
    // A 1×1 transparent PNG.
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const mail = message({
      html: '<p>Votre code : <img src="cid:qr-1@maillage" alt="Code QR" width="1" height="1"></p>',
      headers: {
        'List-Unsubscribe': '<https://maillage.test/u/abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      attachments: [{ cid: 'qr-1@maillage', filename: 'qr.png', contentType: 'image/png', content: png }],
    });
    const { id } = await queueMail(t.deps.db, mail);
    expect(await deliverQueuedMail(t.deps)).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [got] = received;
    const unfolded = got.raw.replace(/\r\n[ \t]+/g, ' ');
    expect(unfolded).toContain('List-Unsubscribe: <https://maillage.test/u/abc>');
    expect(unfolded).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(unfolded).toMatch(/Content-Type: multipart\/related/);
    expect(unfolded).toContain('Content-ID: <qr-1@maillage>');
    expect(unfolded.replace(/\r\n/g, '')).toContain(png);
    expect(got.decoded).toContain('src="cid:qr-1@maillage"');

    const organiser = await signIn(t.app, DEMO_ORGANISER);
    const shown = await organiser.get(`/api/mail/messages/${id}`);
    expect(shown.body.html).toContain('src="cid:qr-1@maillage"');
    expect(shown.body.inlineImages).toEqual([
      { cid: 'qr-1@maillage', dataUri: `data:image/png;base64,${png}` },
    ]);
  });

  it('tries again later when the server refuses for now (451), then sends it once', async () => {
    refusals = [451];
    const { id } = await queueMail(t.deps.db, message());
    expect(await deliverQueuedMail(t.deps)).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await row(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.stringContaining('451'),
    });
    expect(received).toHaveLength(0);

    // Not before its retry delay…
    expect(await deliverQueuedMail(t.deps)).toEqual({ sent: 0, retried: 0, failed: 0 });
    // …then it leaves.
    offset += 2 * 60_000;
    expect(await deliverQueuedMail(t.deps)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(received).toHaveLength(1);
  });

  it('bounces on a permanent refusal (550), and fails for good after five attempts', async () => {
    refusals = [550];
    const refused = await queueMail(t.deps.db, message());
    expect(await deliverQueuedMail(t.deps)).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await row(refused.id)).toMatchObject({
      status: 'bounced',
      attempts: 1,
      lastError: expect.stringContaining('550'),
    });

    refusals = Array(MAX_ATTEMPTS).fill(451);
    const { id } = await queueMail(t.deps.db, message());
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await deliverQueuedMail(t.deps);
      offset += attempt * 60_000;
    }
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    offset += 60 * 60_000;
    expect(await deliverQueuedMail(t.deps)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(received).toHaveLength(0);
  });

  it('after a crash mid-send, leaves a recent send alone and sends an old one again with the same Message-ID', async () => {
    // What a process that died after marking the message `sending` leaves behind.
    const { id } = await queueMail(t.deps.db, message());
    const startedAt = new Date(Date.now() + offset);
    await t.deps.db
      .update(mailMessages)
      .set({ status: 'sending', attempts: 1, sentAt: startedAt })
      .where(eq(mailMessages.id, id));

    // Another live worker may still be sending it: nothing happens for ten minutes.
    offset += STALE_SENDING_MS - 60_000;
    expect(await deliverQueuedMail(t.deps)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await row(id)).status).toBe('sending');

    offset += 2 * 60_000;
    expect(await deliverQueuedMail(t.deps)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(received.map((m) => m.messageId)).toEqual([`<${id}@maillage.test>`]);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });

    // A send interrupted with no attempt left is failed, not sent a sixth time.
    const last = await queueMail(t.deps.db, message());
    await t.deps.db
      .update(mailMessages)
      .set({ status: 'sending', attempts: MAX_ATTEMPTS, sentAt: new Date(Date.now() + offset) })
      .where(eq(mailMessages.id, last.id));
    offset += STALE_SENDING_MS + 60_000;
    expect(await deliverQueuedMail(t.deps)).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await row(last.id)).toMatchObject({
      status: 'failed',
      lastError: expect.stringContaining('Interrupted'),
    });
    expect(received).toHaveLength(1);
  });
});

describe('batches', () => {
  it('two workers at once send each message once, and a refusal for now does not hold the others back', async () => {
    offset += 2 * 60_000;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await queueMail(t.deps.db, message())).id);
    refusals = [451];
    const reports = await Promise.all([deliverQueuedMail(t.deps), deliverQueuedMail(t.deps)]);
    const total = (key: 'sent' | 'retried') => reports.reduce((n, r) => n + r[key], 0);
    expect([total('sent'), total('retried')]).toEqual([11, 1]);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(11);

    offset += 2 * 60_000;
    expect(await deliverQueuedMail(t.deps)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(received.map((m) => m.messageId).sort()).toEqual(ids.map((id) => `<${id}@maillage.test>`).sort());
  });

  it('behind a slow relay, a batch older than the stale limit is not taken again by another worker', async () => {
    offset += 2 * 60_000;
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push((await queueMail(t.deps.db, message())).id);
    // Each message takes the relay 20 s: the batch's last messages leave 400 s after it was taken. Once the
    // ten-minute limit of an interrupted send has passed since the claim, a second worker comes along.
    let second: Promise<unknown> | null = null;
    onAccepted = () => {
      offset += 20_000;
      if (received.length === 34) second = deliverQueuedMail(t.deps);
    };
    const first = await deliverQueuedMail(t.deps);
    onAccepted = null;
    expect(await second).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(first).toEqual({ sent: 40, retried: 0, failed: 0 });
    expect(received.map((m) => m.messageId).sort()).toEqual(ids.map((id) => `<${id}@maillage.test>`).sort());
    for (const id of ids) expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('the rate limit (MAIL_RATE_PER_MINUTE)', () => {
  const withLimit = (ratePerMinute: number) => ({
    ...t.deps,
    config: { ...t.deps.config, mail: { ...t.deps.config.mail, ratePerMinute } },
  });

  it('with a limit of 2, sends two of three messages, says it was limited, and the third a minute later', async () => {
    offset += 2 * 60_000; // what the tests above sent is out of the window
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await queueMail(t.deps.db, message())).id);

    expect(await deliverQueuedMail(withLimit(2))).toEqual({ sent: 2, retried: 0, failed: 0, limited: true });
    expect(received).toHaveLength(2);
    expect((await row(ids[2])).status).toBe('queued');
    // Still the same minute: nothing more leaves.
    expect(await deliverQueuedMail(withLimit(2))).toEqual({ sent: 0, retried: 0, failed: 0, limited: true });

    offset += 60_000;
    expect(await deliverQueuedMail(withLimit(2))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(received).toHaveLength(3);
    expect(received.map((m) => m.messageId).sort()).toEqual(ids.map((id) => `<${id}@maillage.test>`).sort());
    expect((await row(ids[2])).status).toBe('sent');
  });

  it('counts what every instance sent in the last minute', async () => {
    offset += 2 * 60_000;
    // Another instance sent this one 30 s ago: one message of a limit of 2 is left for this minute.
    const elsewhere = await queueMail(t.deps.db, message());
    await t.deps.db
      .update(mailMessages)
      .set({ status: 'sent', attempts: 1, sentAt: new Date(Date.now() + offset - 30_000) })
      .where(eq(mailMessages.id, elsewhere.id));
    await queueMail(t.deps.db, message());
    await queueMail(t.deps.db, message());

    expect(await deliverQueuedMail(withLimit(2))).toEqual({ sent: 1, retried: 0, failed: 0, limited: true });
    offset += 31_000;
    expect(await deliverQueuedMail(withLimit(2))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(received).toHaveLength(2);
  });

  it('without a limit (0, the default) sends everything in one run', async () => {
    expect(t.deps.config.mail.ratePerMinute).toBe(0);
    for (let i = 0; i < 3; i++) await queueMail(t.deps.db, message());
    expect(await deliverQueuedMail(t.deps)).toEqual({ sent: 3, retried: 0, failed: 0 });
  });
});

describe('the mail.deliver job', () => {
  let jobs: Jobs | undefined;
  afterAll(async () => {
    await jobs?.stop();
  });

  it('sends a message right after it is queued, through the real job queue', async () => {
    jobs = await startJobs(
      t.database,
      mailJobs(() => t.deps),
      t.app.log,
      { databaseUrl: t.databaseUrl },
    );
    t.deps.jobs = jobs;
    const mail = message();
    const { id } = await t.deps.db.transaction((tx) => queueMail(tx, mail));
    await deliverSoon(t.deps);
    // The SMTP server holds the message a moment before the worker records it as sent.
    let status = (await row(id)).status;
    for (let waited = 0; status !== 'sent' && waited < 20_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await row(id)).status;
    }
    expect(received.map((m) => m.to)).toEqual([[mail.to.email]]);
    expect(status).toBe('sent');
  });
});
