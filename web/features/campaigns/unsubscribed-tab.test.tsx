import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Unsubscribed } from '../../../contracts/unsubscribe';
import { renderWithProviders } from '../../../tests/support/render';
import { formatDateTime } from '../../lib/format';
import { UnsubscribedTab } from './unsubscribed-tab';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const ANA = '00000000-0000-4000-8000-0000000000b1';
const AT = '2027-03-04T19:05:00.000Z';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ana: Unsubscribed = {
  participantId: ANA,
  firstName: 'Ana',
  lastName: 'Roy',
  email: 'ana.roy@example.test',
  organisation: 'Érable inc.',
  unsubscribedAt: AT,
};

let people: Unsubscribed[];
let sent: { method: string; url: string }[];
beforeEach(() => {
  people = [ana];
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      sent.push({ method, url });
      if (method === 'GET') return json(200, { items: people, page: 1, pageSize: 25, total: people.length });
      people = [];
      return json(200, { ok: true });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the unsubscribed tab (CASL)', () => {
  it('lists who unsubscribed and when, in French, and sorts by the date', async () => {
    renderWithProviders(<UnsubscribedTab projectId={PROJECT} />);
    const table = await screen.findByRole('table', { name: 'Personnes désabonnées' });
    expect(await within(table).findByText('Ana Roy')).toBeTruthy();
    expect(within(table).getByText('ana.roy@example.test')).toBeTruthy();
    expect(within(table).getByText('Érable inc.')).toBeTruthy();
    const when = formatDateTime(AT, 'fr');
    expect(when).toMatch(/mars 2027/);
    expect(within(table).getByText(when)).toBeTruthy();
    expect(sent[0].url).toBe(`/api/projects/${PROJECT}/unsubscribes?dir=asc&page=1&pageSize=25`);

    await userEvent.click(within(table).getByRole('button', { name: /Désabonnement/ }));
    await waitFor(() => expect(sent.at(-1)?.url).toContain('sort=unsubscribedAt'));
    // The CSV export follows the list's order.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Exporter (CSV)' }).getAttribute('href')).toBe(
        `/api/projects/${PROJECT}/unsubscribes.csv?sort=unsubscribedAt&dir=asc`,
      ),
    );
  });

  it('resubscribes a person only after a confirmation saying they asked for it', async () => {
    renderWithProviders(<UnsubscribedTab projectId={PROJECT} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Réabonner Ana Roy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Réabonner Ana Roy?' });
    expect(within(dialog).getByText(/seulement si Ana Roy vous l’a demandé/)).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Réabonner à sa demande' }));
    await waitFor(() =>
      expect(sent.filter((r) => r.method === 'POST')).toEqual([
        { method: 'POST', url: `/api/projects/${PROJECT}/unsubscribes/${ANA}/resubscribe` },
      ]),
    );
    expect(await screen.findByText('Ana Roy recevra de nouveau vos campagnes.')).toBeTruthy();
    // The list is read again: nobody is left, and the empty state explains CASL.
    expect((await screen.findByTestId('unsubscribed-empty')).textContent).toMatch(
      /Loi canadienne anti-pourriel/,
    );
  });

  it('in English: the date in English, and an empty list explains CASL', async () => {
    const { unmount } = renderWithProviders(<UnsubscribedTab projectId={PROJECT} />, { language: 'en' });
    const table = await screen.findByRole('table', { name: 'Unsubscribed people' });
    const when = formatDateTime(AT, 'en');
    expect(when).toMatch(/Mar\.? 4, 2027/);
    expect(await within(table).findByText(when)).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Resubscribe Ana Roy' })).toBeTruthy();
    unmount();

    people = [];
    renderWithProviders(<UnsubscribedTab projectId={PROJECT} />, { language: 'en' });
    expect((await screen.findByTestId('unsubscribed-empty')).textContent).toBe(
      'Nobody has unsubscribed. Under Canada’s anti-spam law (CASL), every campaign carries an unsubscribe link: whoever uses it appears here and gets no further campaigns.',
    );
  });

  it('shows the table loading while the list is read', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    renderWithProviders(<UnsubscribedTab projectId={PROJECT} />);
    await screen.findByRole('table', { name: 'Personnes désabonnées' });
    expect(document.querySelector('.mantine-LoadingOverlay-root')).not.toBeNull();
    expect(screen.queryByTestId('unsubscribed-empty')).toBeNull();
  });
});
