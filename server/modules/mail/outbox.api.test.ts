import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { anonymous } from '../../../tests/support/test-app';
import { companies, mailMessages } from '../../db/schema';
import { deliverQueuedMail } from './delivery';
import { deliverSoon, type OutgoingMail, queueMail } from './outbox';
import { renderInscriptionMail } from './templates';

// The embedded default: no SMTP server. Messages are kept in the app, readable, never pretended sent.
let demoId: string;
let borealId: string;

const { t, camille: organiser, jordan: boreal } = withTestApp();
beforeAll(async () => {
  const rows = await t.deps.db.select({ id: companies.id, isDemo: companies.isDemo }).from(companies);
  demoId = rows.find((r) => r.isDemo)?.id ?? '';
  borealId = rows.find((r) => !r.isDemo)?.id ?? '';
});

function message(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  const mail = renderInscriptionMail({
    language: 'fr',
    firstName: 'Ada',
    lastName: 'Lovelace',
    projectName: 'Journée d’essai',
    startsOn: '2027-06-01',
    endsOn: '2027-06-02',
    timeZone: 'America/Toronto',
    contactEmail: 'bonjour@maillage.test',
  });
  return {
    companyId: demoId,
    projectId: null,
    kind: 'inscription',
    to: { email: `ada-${randomUUID().slice(0, 8)}@example.test`, name: 'Ada Lovelace' },
    language: 'fr',
    ...mail,
    ...overrides,
  };
}

describe('queueMail', () => {
  it('writes a message in the caller’s transaction, and nothing if it rolls back', async () => {
    const kept = message();
    const { id, queued } = await queueMail(t.deps.db, kept);
    expect(queued).toBe(true);
    const [row] = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    expect(row).toMatchObject({
      status: 'queued',
      toEmail: kept.to.email,
      subject: kept.subject,
      attempts: 0,
    });

    const lost = message();
    await t.deps.db
      .transaction(async (tx) => {
        await queueMail(tx, lost);
        throw new Error('rolled back');
      })
      .catch(() => {});
    const rows = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.toEmail, lost.to.email));
    expect(rows).toEqual([]);
  });

  it('queues a message once per dedupe key', async () => {
    const key = `inscription:${randomUUID()}`;
    const first = await queueMail(t.deps.db, message({ dedupeKey: key }));
    const second = await queueMail(t.deps.db, message({ dedupeKey: key, subject: 'Autre' }));
    expect(first.queued).toBe(true);
    expect(second).toEqual({ id: first.id, queued: false });
    const rows = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.dedupeKey, key));
    expect(rows).toHaveLength(1);
    expect(rows[0].subject).toBe('Votre inscription à Journée d’essai');
  });
});

describe('without SMTP', () => {
  it('keeps a queued message at once: readable in the outbox, not sent', async () => {
    const mail = message();
    const { id } = await queueMail(t.deps.db, mail);
    await deliverSoon(t.deps);
    const [row] = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    expect(row).toMatchObject({ status: 'kept', attempts: 0, sentAt: null, messageId: null });

    // The delivery job does the same, and sends nothing.
    const other = await queueMail(t.deps.db, message());
    expect(await deliverQueuedMail(t.deps)).toEqual({ sent: 0, retried: 0, failed: 0 });
    const [again] = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.id, other.id));
    expect(again.status).toBe('kept');
  });

  it('says so to the organiser', async () => {
    const response = await organiser.get('/api/mail/settings');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ smtpConfigured: false, from: 'Maillage <no-reply@maillage.local>' });
  });
});

describe('the outbox', () => {
  it('lists the company’s messages, newest first, with the demo samples', async () => {
    const response = await organiser.get('/api/mail/messages?pageSize=100');
    expect(response.status).toBe(200);
    const { items, total } = response.body;
    expect(total).toBe(items.length);
    const samples = items.filter((m: { kind: string }) => m.kind === 'sample');
    expect(
      samples.map((m: { toEmail: string; language: string; status: string }) => [
        m.toEmail,
        m.language,
        m.status,
      ]),
    ).toEqual([
      ['oliver.grant@example.test', 'en', 'kept'],
      ['elise.bouchard@exemple.test', 'fr', 'kept'],
    ]);
    const dates = items.map((m: { createdAt: string }) => m.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(items[0]).not.toHaveProperty('html');
  });

  it('filters by status, searches by recipient, sorts and pages', async () => {
    const kept = await organiser.get('/api/mail/messages?status=kept&pageSize=100');
    expect(kept.body.items.every((m: { status: string }) => m.status === 'kept')).toBe(true);
    const sent = await organiser.get('/api/mail/messages?status=sent');
    expect(sent.body).toMatchObject({ items: [], total: 0 });

    const search = await organiser.get(`/api/mail/messages?q=${encodeURIComponent('grant oliver')}`);
    expect(search.body.items.map((m: { toEmail: string }) => m.toEmail)).toEqual([
      'oliver.grant@example.test',
    ]);

    const byRecipient = await organiser.get('/api/mail/messages?sort=toEmail&dir=asc&pageSize=100');
    const emails = byRecipient.body.items.map((m: { toEmail: string }) => m.toEmail);
    expect([...emails].sort()).toEqual(emails);

    // A page past the last (the demo's campaign keeps its messages here too) is empty.
    const past = Math.ceil(kept.body.total / 25) + 1;
    const beyond = await organiser.get(`/api/mail/messages?page=${past}&pageSize=25`);
    expect(beyond.body).toMatchObject({ page: past, pageSize: 25, items: [] });

    expect((await organiser.get('/api/mail/messages?status=lost')).status).toBe(400);
  });

  it('previews one message with its HTML and text', async () => {
    const list = await organiser.get('/api/mail/messages?q=elise');
    const [sample] = list.body.items;
    const response = await organiser.get(`/api/mail/messages/${sample.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: sample.id,
      toName: 'Élise Bouchard',
      subject: expect.stringMatching(/^Votre inscription à /),
      status: 'kept',
      sentAt: null,
    });
    expect(response.body.html).toContain('Bonjour Élise,');
    expect(response.body.text).toContain('Bonjour Élise,');
  });

  it('shows each company only its own messages: another company’s message is not found', async () => {
    const theirs = await queueMail(
      t.deps.db,
      message({ companyId: borealId, to: { email: 'jordan@boreal.test' } }),
    );
    const mine = await organiser.get('/api/mail/messages?pageSize=100');
    expect(mine.body.items.map((m: { id: string }) => m.id)).not.toContain(theirs.id);
    expect((await organiser.get(`/api/mail/messages/${theirs.id}`)).status).toBe(404);

    const borealList = await boreal.get('/api/mail/messages?pageSize=100');
    expect(borealList.body.items.map((m: { toEmail: string }) => m.toEmail)).toEqual(['jordan@boreal.test']);
    expect((await boreal.get(`/api/mail/messages/${theirs.id}`)).status).toBe(200);
    expect((await organiser.get(`/api/mail/messages/${randomUUID()}`)).status).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const stranger = await anonymous(t.app);
    expect((await stranger.get('/api/mail/messages')).status).toBe(401);
    expect((await stranger.get(`/api/mail/messages/${randomUUID()}`)).status).toBe(401);
    expect((await stranger.get('/api/mail/settings')).status).toBe(401);
  });
});
