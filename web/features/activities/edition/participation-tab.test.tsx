import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityMember, MemberStatus } from '../../../../contracts/activity-members';
import { renderWithProviders } from '../../../../tests/support/render';
import { ParticipationTab } from './participation-tab';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const ACTIVITY = '00000000-0000-4000-8000-0000000000a1';
const ZOE = '00000000-0000-4000-8000-0000000000b1';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const member = (status: MemberStatus): ActivityMember => ({
  participantId: ZOE,
  firstName: 'Zoé',
  lastName: 'Côté',
  email: 'zoe.cote@example.test',
  organisation: 'Groupe Hélios',
  role: { fr: 'Acheteur', en: 'Buyer' },
  status,
});

let status: MemberStatus;
let sent: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  status = 'registered';
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      if (method === 'GET') {
        const filter = new URL(url, 'http://x').searchParams.get('status') ?? 'all';
        const items = filter === 'all' || filter === status ? [member(status)] : [];
        return json(200, {
          items,
          page: 1,
          pageSize: 25,
          total: items.length,
          capacity: { members: 1, maxMembers: 1200 },
        });
      }
      const body = JSON.parse(String(init.body));
      sent.push({ method, url, body });
      status = body.status;
      return json(200, member(status));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the participation tab (V4)', () => {
  it('shows the capacity per locale, saves a status by its button', async () => {
    renderWithProviders(<ParticipationTab projectId={PROJECT} activityId={ACTIVITY} />);
    // fr-CA groups thousands with a narrow no-break space.
    const capacity = await screen.findByTestId('activity-capacity');
    expect(capacity.textContent?.replace(/\s/g, ' ')).toBe('1 / 1 200 places');
    const buttons = await screen.findByRole('radiogroup', { name: 'Statut de Zoé Côté' });
    await userEvent.click(within(buttons).getByRole('radio', { name: 'Confirmé' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'PUT',
          url: `/api/projects/${PROJECT}/activities/${ACTIVITY}/members/${ZOE}/status`,
          body: { status: 'confirmed' },
        },
      ]),
    );
    expect(await screen.findByText('Statut enregistré.')).toBeTruthy();
    await waitFor(() =>
      expect(within(buttons).getByRole('radio', { name: 'Confirmé' }).getAttribute('aria-checked')).toBe(
        'true',
      ),
    );
  });

  it('filters by status: "all" shows every row, a status only its own', async () => {
    status = 'confirmed';
    renderWithProviders(<ParticipationTab projectId={PROJECT} activityId={ACTIVITY} />);
    expect(await screen.findByText('zoe.cote@example.test')).toBeTruthy();
    const filter = screen.getByRole('radiogroup', { name: 'Filtrer par statut' });
    await userEvent.click(within(filter).getByRole('radio', { name: 'Absent' }));
    expect(await screen.findByText('Aucun participant ne correspond.')).toBeTruthy();
    await userEvent.click(within(filter).getByRole('radio', { name: 'Confirmé' }));
    expect(await screen.findByText('zoe.cote@example.test')).toBeTruthy();
  });

  it('in English, says how many are registered when there is no limit', async () => {
    vi.stubGlobal('fetch', async () =>
      json(200, { items: [], page: 1, pageSize: 25, total: 0, capacity: { members: 0, maxMembers: null } }),
    );
    renderWithProviders(<ParticipationTab projectId={PROJECT} activityId={ACTIVITY} />, { language: 'en' });
    expect((await screen.findByTestId('activity-capacity')).textContent).toBe('0 registered, no seat limit');
    expect(await screen.findByText(/No participant registered to this activity/)).toBeTruthy();
  });
});
