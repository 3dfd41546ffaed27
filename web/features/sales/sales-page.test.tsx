import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaleDetail, SaleSummary } from '../../../contracts/sales';
import { renderRoute } from '../../../tests/support/render';
import { PROJECT, SALE, workedExampleSale } from './fixtures';
import { SalesPage } from './sales-page';

const base = `/api/projects/${PROJECT}`;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const list = (items: unknown[]) => ({ items, page: 1, pageSize: 25, total: items.length });

const summary: SaleSummary = {
  id: SALE,
  createdAt: '2027-06-01T13:30:00.000Z',
  paidAt: '2027-06-01T13:31:00.000Z',
  buyer: { name: 'Hélène Côté', email: 'helene@erable.test', organisation: 'Érable inc.' },
  items: [
    { name: { fr: 'Inscription', en: 'Registration' }, quantity: 1 },
    { name: { fr: 'Souper gala', en: 'Gala dinner' }, quantity: 2 },
  ],
  currency: 'CAD',
  totalCents: 45_990,
  refundedCents: 18_971,
  status: 'paid',
  source: 'card',
  archived: false,
};
const PAYMENT = '00000000-0000-4000-8000-0000000000f1';
const FULL = '00000000-0000-4000-8000-0000000000f2';
const PARTICIPANT = '00000000-0000-4000-8000-0000000000a1';
const detail = (archived: boolean): SaleDetail => ({ ...workedExampleSale, archived });

let archived: boolean;
let writes: { path: string; body: unknown }[];
beforeEach(() => {
  archived = false;
  writes = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const [path, query = ''] = String(input).split('?');
      if (init.method === 'POST' && path === `${base}/sales/${SALE}/archive`) {
        writes.push({ path, body: JSON.parse(String(init.body)) });
        archived = true;
        return json(200, detail(true));
      }
      if (path === base) return json(200, { id: PROJECT, timeZone: 'America/Toronto' });
      if (path === `${base}/sales`) {
        const tab = new URLSearchParams(query).get('tab');
        const shown = tab === 'archive' ? archived : tab === 'sales' && !archived;
        return json(200, list(shown ? [{ ...summary, archived }] : []));
      }
      if (path === `${base}/sales/${SALE}`) return json(200, detail(archived));
      if (path === `${base}/sales/${SALE}/bills`) return json(200, { items: [] });
      if (path === `${base}/sales/courtesy/payments`) {
        return json(200, {
          currency: 'CAD',
          items: [
            { id: PAYMENT, name: { fr: 'Souper gala', en: 'Gala dinner' }, priceCents: 9_500, left: 7 },
            { id: FULL, name: { fr: 'Atelier', en: 'Workshop' }, priceCents: 2_000, left: 0 },
          ],
        });
      }
      if (init.method === 'POST' && path === `${base}/sales/courtesy`) {
        writes.push({ path, body: JSON.parse(String(init.body)) });
        return json(200, { ...detail(false), status: 'courtesy', source: 'courtesy' });
      }
      if (path === `${base}/participants`) {
        return json(
          200,
          list([{ id: PARTICIPANT, firstName: 'Ana', lastName: 'Roy', email: 'ana@erable.test' }]),
        );
      }
      throw new Error(`unexpected call ${path}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function open(language: 'fr' | 'en', search: Record<string, unknown> = {}) {
  const user = userEvent.setup();
  const view = await renderRoute(SalesPage, {
    language,
    path: '/projects/$projectId/sales',
    params: { projectId: PROJECT },
    search,
  });
  return { user, ...view };
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => (c.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '));

describe('the sales page (S1)', () => {
  it('lists the paid sales with the date in the project’s zone, buyer, items, total, refunded, status and source', async () => {
    await open('fr');
    const table = await screen.findByRole('table', { name: 'Ventes' });
    const [row] = (await within(table).findAllByRole('row')).slice(1);
    expect(cells(row)).toEqual([
      '1er juin 2027, 09 h 30',
      'Hélène Côtéhelene@erable.testÉrable inc.',
      'Inscription, Souper gala × 2',
      '459,90 $',
      '189,71 $',
      'Payée',
      'Carte',
    ]);
  }, 20_000);

  it('opens a sale in place of the list, and archiving it (confirmed) takes it out of its tab', async () => {
    const { user, router } = await open('en');
    await user.click(await screen.findByRole('link', { name: 'Hélène Côté' }));
    const sheet = await screen.findByTestId('sale-detail');
    await within(sheet).findByText('Promo code LEVE-TOT');
    expect(router.state.location.search).toMatchObject({ sale: SALE });
    await user.click(within(sheet).getByRole('button', { name: 'Archive' }));
    const confirm = await screen.findByRole('dialog', { name: 'Archive this sale?' });
    await user.click(within(confirm).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(writes).toEqual([{ path: `${base}/sales/${SALE}/archive`, body: { archived: true } }]),
    );
    // Back to the list, where the row is gone.
    await screen.findByText('No paid sales.');
    expect(router.state.location.search).not.toHaveProperty('sale');
  }, 20_000);

  it('gives a participant a payment as a courtesy, then opens the new sale', async () => {
    const { user, router } = await open('fr', { tab: 'courtesy' });
    await user.click(await screen.findByRole('button', { name: 'Ajouter une courtoisie' }));
    const modal = await screen.findByRole('dialog', { name: 'Nouvelle courtoisie' });
    const full = await within(modal).findByRole('checkbox', { name: /Atelier/ });
    expect((full as HTMLInputElement).disabled).toBe(true);
    await user.click(within(modal).getByRole('checkbox', { name: /Souper gala \(95,00\s\$\)/ }));
    await user.click(within(modal).getByTestId('courtesy-participant'));
    await user.click(await screen.findByRole('option', { name: 'Ana Roy · ana@erable.test' }));
    await user.click(within(modal).getByRole('button', { name: 'Offrir' }));
    await waitFor(() =>
      expect(writes).toEqual([
        { path: `${base}/sales/courtesy`, body: { participantId: PARTICIPANT, paymentIds: [PAYMENT] } },
      ]),
    );
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'courtesy', sale: SALE }));
  }, 20_000);
});
