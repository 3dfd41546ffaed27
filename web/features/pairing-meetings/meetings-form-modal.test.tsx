import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PairingMeetingsState } from '../../../contracts/pairing-meetings';
import { renderRoute } from '../../../tests/support/render';
import { i18n } from '../../lib/i18n';
import { MeetingsFormModal } from './meetings-form-modal';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const PAIRING = '00000000-0000-4000-8000-0000000000b1';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function state(existing: Partial<PairingMeetingsState['existing']> = {}): PairingMeetingsState {
  return {
    timeZone: 'America/Toronto',
    settings: {
      prefix: { fr: 'Ronde', en: 'Round' },
      startsAt: '2027-06-01T09:00',
      durationMinutes: 20,
      intervalMinutes: 5,
      type: 'meeting',
      inPerson: true,
      virtual: false,
    },
    tablesPerRound: [25, 25, 25, 25, 25],
    existing: { meetings: 0, members: 0, addedByHand: 0, createdAt: null, ...existing },
    outOfDate: false,
  };
}

let sent: Record<string, unknown>[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET') return json(200, {});
      sent.push(JSON.parse(String(init.body)));
      return json(200, {
        created: 125,
        members: 1000,
        replaced: 0,
        videoRooms: 0,
        message: i18n.t('pairingMeetings.done'),
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(language: 'fr' | 'en', value: PairingMeetingsState) {
  await renderRoute(
    () => <MeetingsFormModal projectId={PROJECT} pairingId={PAIRING} state={value} onClose={() => {}} />,
    {
      language,
      path: '/projects/$projectId/pairings/$pairingId',
      params: { projectId: PROJECT, pairingId: PAIRING },
    },
  );
  return screen.findByRole('dialog', { name: i18n.t('pairingMeetings.form.title') });
}

describe('meetings form (M6)', () => {
  it('previews the meetings, refuses neither in person nor virtual, and sends the settings', async () => {
    const dialog = await open('fr', state());
    expect(within(dialog).getByTestId('meetings-preview').textContent).toBe(
      '5 rondes × 25 tables = 125 rendez-vous, de 9 h 00 à 11 h 00',
    );
    const inPerson = within(dialog).getByRole('switch', { name: 'En personne' });
    await userEvent.click(inPerson);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Générer' }));
    await within(dialog).findByText('Choisissez en personne, virtuel, ou les deux.');
    expect(sent).toEqual([]);

    await userEvent.click(within(dialog).getByRole('switch', { name: 'Virtuel (salle Whereby)' }));
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the submit button's double-click guard
    await userEvent.click(within(dialog).getByRole('button', { name: 'Générer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      prefix: { fr: 'Ronde', en: 'Round' },
      startsAt: '2027-06-01T09:00',
      durationMinutes: 20,
      intervalMinutes: 5,
      inPerson: false,
      virtual: true,
    });
    await screen.findByText('Tous les rdvs ont été créés avec succès!');
  }, 20_000);

  it('asks first when meetings exist, saying how many go and the members added by hand', async () => {
    const dialog = await open('en', state({ meetings: 6, members: 12, addedByHand: 1 }));
    expect(within(dialog).getByTestId('meetings-preview').textContent).toBe(
      '5 rounds × 25 tables = 125 meetings, from 9:00 a.m. to 11:00 a.m.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Replace the meetings?' });
    within(confirm).getByText(
      'The 6 meetings generated earlier from this pairing will be deleted (12 members), then replaced.',
    );
    within(confirm).getByText('1 member was added to them by hand: they will be removed too.');
    expect(sent).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await screen.findByText('All meetings were created successfully!');
  }, 20_000);
});
