import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignDetail } from '../../../contracts/campaigns';
import { renderRoute } from '../../../tests/support/render';
import { LogTab } from './log-tab';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const SENT = '00000000-0000-4000-8000-0000000000c1';
const SENDING = '00000000-0000-4000-8000-0000000000c2';
const MESSAGE = '00000000-0000-4000-8000-0000000000d1';
const PARTICIPANT = '00000000-0000-4000-8000-0000000000a1';
const base = `/api/projects/${PROJECT}`;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const list = (items: unknown[]) => ({ items, page: 1, pageSize: 25, total: items.length });

const figures = {
  recipients: 0,
  prepared: 0,
  queued: 0,
  sent: 0,
  failed: 0,
  kept: 0,
  bounced: 0,
  cancelled: 0,
  skipped: 0,
};
function campaign(id: string, overrides: Partial<CampaignDetail> = {}): CampaignDetail {
  return {
    id,
    messageType: 0,
    subject: { fr: 'Votre programme', en: 'Your programme' },
    status: 'sent',
    transactional: false,
    plannedAt: null,
    plannedAtLocal: null,
    createdAt: '2027-06-01T13:30:00.000Z',
    startedAt: '2027-06-01T13:30:01.000Z',
    finishedAt: '2027-06-01T13:31:00.000Z',
    cancelledAt: null,
    createdBy: 'Camille Organisatrice',
    figures: {
      ...figures,
      recipients: 1520,
      prepared: 1520,
      sent: 1500,
      failed: 2,
      kept: 0,
      bounced: 1,
      skipped: 17,
    },
    body: { fr: '<p>Bonjour</p>', en: '<p>Hello</p>' },
    audience: {
      activityId: null,
      notSubscribed: false,
      groupId: null,
      groupInverse: false,
      criteria: [],
      buyers: false,
      paymentId: null,
    },
    ...overrides,
  };
}

const recipient = {
  participantId: PARTICIPANT,
  messageId: MESSAGE,
  toEmail: 'camille.roy@exemple.ca',
  toName: 'Camille Roy',
  status: 'sent',
  skipped: null,
  sentAt: '2027-06-01T13:30:20.000Z',
  lastError: null,
};
const unsubscribed = {
  ...recipient,
  participantId: '00000000-0000-4000-8000-0000000000a2',
  messageId: null,
  toEmail: 'alex@exemple.ca',
  toName: 'Alex Tremblay',
  status: null,
  skipped: 'unsubscribed',
  sentAt: null,
};

let reads: Record<string, () => unknown>;
let writes: { method: string; path: string }[];
beforeEach(() => {
  writes = [];
  reads = {
    [base]: () => ({ id: PROJECT, timeZone: 'America/Toronto' }),
    [`${base}/campaigns`]: () => list([campaign(SENT)]),
    [`${base}/campaigns/${SENT}`]: () => campaign(SENT),
    [`${base}/campaigns/${SENT}/recipients`]: () => list([recipient, unsubscribed]),
    [`/api/mail/messages/${MESSAGE}`]: () => ({
      id: MESSAGE,
      projectId: PROJECT,
      kind: 'campaign',
      toEmail: recipient.toEmail,
      toName: recipient.toName,
      language: 'fr',
      subject: 'Votre programme',
      status: 'sent',
      attempts: 1,
      lastError: null,
      createdAt: '2027-06-01T13:30:02.000Z',
      sentAt: recipient.sentAt,
      html: '<p>Bonjour Camille</p>',
      text: 'Bonjour Camille',
      messageId: '<x@maillage>',
      inlineImages: [],
    }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input).split('?')[0];
      const method = init.method ?? 'GET';
      if (method !== 'GET') {
        writes.push({ method, path });
        return json(200, reads[path.replace(/\/cancel$/, '')]());
      }
      if (!(path in reads)) throw new Error(`unexpected read ${path}`);
      return json(200, reads[path]());
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function open(language: 'fr' | 'en', campaignId?: string) {
  const user = userEvent.setup();
  const view = await renderRoute(() => <LogTab projectId={PROJECT} campaignId={campaignId} />, {
    language,
    path: '/projects/$projectId/mail',
    params: { projectId: PROJECT },
    search: { tab: 'log', ...(campaignId ? { campaign: campaignId } : {}) },
  });
  return { user, ...view };
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the e-mail log (C5)', () => {
  it('lists every batch with its status and figures, in French', async () => {
    reads[`${base}/campaigns`] = () =>
      list([
        campaign(SENT),
        campaign(SENDING, { status: 'planned', plannedAt: '2027-06-10T13:00:00.000Z', figures }),
      ]);
    const { router } = await open('fr');
    const table = await screen.findByRole('table', { name: 'Journal des envois' });
    await within(table).findByText('Planifié');
    const [sent, planned] = within(table).getAllByRole('row').slice(1);
    expect(cells(sent)).toEqual([
      'Votre programme',
      'Envoyé',
      '—',
      '1er juin 2027, 09 h 30',
      '1\u00a0520',
      '0',
      '1\u00a0500',
      '2',
      '0',
      '1',
      '17',
    ]);
    // Planned for 13:00 UTC: 9 h in the project's zone (Toronto, summer time).
    expect(cells(planned).slice(1, 3)).toEqual(['Planifié', '10 juin 2027, 09 h 00']);
    const link = within(sent).getByRole('link', { name: 'Votre programme' });
    expect(link.getAttribute('href')).toContain(`campaign=${SENT}`);
    expect(router.state.location.search).toMatchObject({ tab: 'log' });
  }, 20_000);

  it('says when nothing was sent yet, in English', async () => {
    reads[`${base}/campaigns`] = () => list([]);
    await open('en');
    await screen.findByText('Nothing sent yet: the e-mails sent or scheduled will show here.');
  }, 20_000);

  it('opens a batch: its figures, its recipients, and the preview of a message exactly as sent', async () => {
    const { user } = await open('fr', SENT);
    const detail = await screen.findByTestId('campaign-detail');
    await within(detail).findByRole('heading', { name: 'Votre programme' });
    within(detail).getByText('Créé par Camille Organisatrice le 1er juin 2027, 09 h 30');
    expect(screen.getByTestId('figure-sent').textContent).toBe('Envoyés1\u00a0500');
    expect(screen.getByTestId('figure-skipped').textContent).toBe('Non envoyés17');
    expect(screen.queryByRole('button', { name: 'Annuler l’envoi' })).toBeNull();
    const back = screen.getByRole('link', { name: 'Retour au journal' }).getAttribute('href');
    expect(back).toContain('tab=log');
    expect(back).not.toContain('campaign=');
    expect(screen.queryByTestId('campaign-progress')).toBeNull();

    const table = await screen.findByRole('table', { name: 'Destinataires' });
    const [camille, alex] = (await within(table).findAllByRole('row')).slice(1);
    expect(cells(camille).slice(0, 5)).toEqual([
      'Camille Roy',
      'camille.roy@exemple.ca',
      'Envoyé',
      '',
      '1er juin 2027, 09 h 30',
    ]);
    expect(cells(alex).slice(0, 4)).toEqual(['Alex Tremblay', 'alex@exemple.ca', 'Non envoyé', 'Désabonné']);
    within(alex).getByText('Aucun message');

    await user.click(within(camille).getByRole('button', { name: 'Aperçu — camille.roy@exemple.ca' }));
    const preview = await screen.findByRole('dialog', {
      name: 'Aperçu du courriel à camille.roy@exemple.ca',
    });
    expect(within(preview).getByTestId('mail-preview-frame').getAttribute('srcdoc')).toBe(
      '<p>Bonjour Camille</p>',
    );
  }, 20_000);

  it('follows a send in progress every second, and cancels it after a confirmation (English)', async () => {
    let prepared = 100;
    reads[`${base}/campaigns/${SENDING}`] = () => {
      prepared += 300;
      return campaign(SENDING, {
        status: 'sending',
        finishedAt: null,
        figures: { ...figures, recipients: 1000, prepared, queued: prepared },
      });
    };
    reads[`${base}/campaigns/${SENDING}/recipients`] = () => list([]);
    const { user } = await open('en', SENDING);
    const value = await screen.findByTestId('campaign-progress-value');
    expect(value.textContent).toBe('400 of 1,000');
    await waitFor(() => expect(value.textContent).toBe('700 of 1,000'), { timeout: 3000 });

    await user.click(screen.getByRole('button', { name: 'Cancel the send' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this send?' });
    within(confirm).getByText(
      'Messages not yet handed to the mail server will not leave; those already handed over have left.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Keep going' }));
    expect(writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel the send' }));
    reads[`${base}/campaigns/${SENDING}`] = () =>
      campaign(SENDING, { status: 'cancelled', cancelledAt: '2027-06-01T13:40:00.000Z' });
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this send?' })).getByRole('button', {
        name: 'Cancel the send',
      }),
    );
    await screen.findByText('The send is cancelled.');
    expect(writes).toEqual([{ method: 'POST', path: `${base}/campaigns/${SENDING}/cancel` }]);
    await screen.findByText('Cancelled on Jun 1, 2027, 9:40 a.m.');
    expect(screen.queryByRole('button', { name: 'Cancel the send' })).toBeNull();
  }, 20_000);

  it('asks before cancelling a planned send (French)', async () => {
    reads[`${base}/campaigns/${SENDING}`] = () =>
      campaign(SENDING, {
        status: 'planned',
        plannedAt: '2027-06-10T13:00:00.000Z',
        startedAt: null,
        finishedAt: null,
        figures,
      });
    reads[`${base}/campaigns/${SENDING}/recipients`] = () => list([]);
    const { user } = await open('fr', SENDING);
    await screen.findByText('Planifié pour le 10 juin 2027, 09 h 00 (fuseau America/Toronto)');
    await user.click(screen.getByRole('button', { name: 'Annuler l’envoi' }));
    const confirm = await screen.findByRole('dialog', { name: 'Annuler cet envoi?' });
    within(confirm).getByText('Ce courriel planifié ne partira pas.');
    await user.click(within(confirm).getByRole('button', { name: 'Annuler l’envoi' }));
    await screen.findByText('L’envoi est annulé.');
    expect(writes).toHaveLength(1);
  }, 20_000);
});
