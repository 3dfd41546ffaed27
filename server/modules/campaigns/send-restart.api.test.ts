import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import type { RunningServer } from '../../../tests/support/global-setup-e2e';
import { ApiClient } from '../../../tests/support/http-client';
import { until, withRestartableServer } from '../../../tests/support/restart';
import { DEMO_ORGANISER, DEMO_PASSWORD } from '../../seed/demo';

/**
 * RS3 for campaigns: `kill -9` of the server in the middle of a campaign's sending, then a restart on the same
 * database: every recipient receives their message exactly once. The SMTP server below holds its answer to one
 * message, and the server is killed while it waits: that message was handed over but never accepted (as a real
 * relay would treat a connection lost before its reply), so it must be sent again after the restart — once. (A
 * message the relay accepted in the instant before the kill, before it is marked sent, would be sent twice: the one
 * window no SMTP client closes, docs/campaigns/README.md; the test kills once every accepted message is marked.)
 */

const SUBJECT = 'Votre horaire de la journée';
const PEOPLE = 40;
/** The message whose acceptance is held while the server is killed. */
const HOLD_AT = 10;

/** Accepted campaign messages, by recipient. */
const accepted = new Map<string, number>();
const closedSessions = new Set<string>();
let seen = 0;
let onHeld: (() => void) | null = null;
/** Answers are held from the HOLD_AT-th campaign message on, until the server is killed. */
let holding = true;

const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onClose(session: SMTPServerSession) {
    closedSessions.add(session.id);
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      if (!raw.includes('=?UTF-8?Q?Votre_horaire') && !raw.includes(SUBJECT)) {
        callback();
        return;
      }
      seen += 1;
      if (seen >= HOLD_AT && holding) {
        // No answer, to this message and to any after it (the other connection's): the sender waits, and is killed
        // while it does. Nothing is accepted meanwhile, so what was accepted before is all marked sent by then.
        onHeld?.();
        onHeld = null;
        return;
      }
      if (closedSessions.has(session.id)) return;
      accepted.set(to, (accepted.get(to) ?? 0) + 1);
      callback();
    });
  },
});

// The kill resets the held connection (ECONNRESET): that is the point of the test, not an error of it.
smtp.on('error', () => undefined);

const { t } = withTestApp({ users: [] });
let smtpPort = 0;
const restartable = withRestartableServer(t, () => ({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // A message left `sending` by a dead process is sent again after 10 × this (10 s, not 10 minutes).
  SMTP_TIMEOUT_SECONDS: '1',
}));
const start = () => restartable.start();
let server: RunningServer | undefined;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('a campaign cut short by kill -9 (RS3)', () => {
  it('delivers each recipient’s message exactly once after the restart', async () => {
    server = await start();
    let organiser = await ApiClient.signIn(server.baseUrl, DEMO_ORGANISER, DEMO_PASSWORD);
    const project = await organiser.createProject();
    const role = await organiser.call<{ id: string }>('POST', `/api/projects/${project.id}/roles`, {
      name: { fr: 'Visiteur', en: 'Visitor' },
    });
    const emails: string[] = [];
    for (let i = 0; i < PEOPLE; i += 1) {
      const email = `personne-${i}@relance.test`;
      emails.push(email);
      await organiser.call('POST', `/api/projects/${project.id}/participants`, {
        firstName: `Personne ${i}`,
        lastName: 'Relance',
        email,
        language: i % 2 ? 'en' : 'fr',
        roleId: role.id,
      });
    }
    const held = new Promise<void>((resolve) => {
      onHeld = resolve;
    });
    const body = '<p>Bonjour <span data-merge-tag="firstName" class="merge-tag">Prénom</span></p>';
    const campaign = await organiser.call<{ id: string }>('POST', `/api/projects/${project.id}/campaigns`, {
      subject: { fr: SUBJECT, en: SUBJECT },
      body: { fr: body, en: body },
      audience: {},
    });
    await held;
    // The messages accepted before the hold are marked sent (each right after its acceptance): then the kill.
    await until(
      'the accepted messages marked sent',
      async () =>
        (
          await organiser.call<{ figures: { sent: number } }>(
            'GET',
            `/api/projects/${project.id}/campaigns/${campaign.id}`,
          )
        ).figures.sent,
      (sent) => sent === HOLD_AT - 1,
    );
    await server.kill();
    holding = false;
    expect([...accepted.values()].reduce((a, b) => a + b, 0)).toBe(HOLD_AT - 1);

    server = await start();
    organiser = await ApiClient.signIn(server.baseUrl, DEMO_ORGANISER, DEMO_PASSWORD);
    await until(
      'recipients who received their message',
      async () => accepted.size,
      (n) => n === PEOPLE,
    );
    expect([...accepted.keys()].sort()).toEqual([...emails].sort());
    expect([...accepted.values()].every((n) => n === 1)).toBe(true);
    const log = await until(
      'the campaign’s figures',
      () =>
        organiser.call<{ status: string; figures: { sent: number } }>(
          'GET',
          `/api/projects/${project.id}/campaigns/${campaign.id}`,
        ),
      (c) => c.status === 'sent' && c.figures.sent === PEOPLE,
    );
    expect(log.figures).toMatchObject({ recipients: PEOPLE, sent: PEOPLE, queued: 0, failed: 0 });
  }, 180_000);
});
