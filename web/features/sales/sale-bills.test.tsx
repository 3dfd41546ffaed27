import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bill } from '../../../contracts/bills';
import { renderWithProviders } from '../../../tests/support/render';
import { PROJECT, SALE, workedExampleSale } from './fixtures';
import { SaleBills } from './sale-bills';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const base = `/api/projects/${PROJECT}/sales/${SALE}`;
const INVOICE = '00000000-0000-4000-8000-0000000000c1';
const CREDIT = '00000000-0000-4000-8000-0000000000c2';
const bills: Bill[] = [
  {
    id: INVOICE,
    kind: 'invoice',
    number: 12,
    language: 'fr',
    createdAt: '2027-06-01T13:31:00.000Z',
    issuedOn: '2027-06-01',
    refundId: null,
  },
  {
    id: CREDIT,
    kind: 'credit_note',
    number: 13,
    language: 'fr',
    createdAt: '2027-06-03T15:00:00.000Z',
    issuedOn: '2027-06-03',
    refundId: '00000000-0000-4000-8000-0000000000d1',
  },
];

/** The server: the sale, its bills, and « send » answered by `sent` (a promise the test may hold). */
function serve(items: Bill[], sent: () => Promise<Response> = async () => json(200, {})) {
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      if (path === base) return json(200, workedExampleSale);
      if (path === `${base}/bills`) return json(200, { items });
      if (init.method === 'POST' && path.startsWith(`${base}/bills/`)) {
        posts.push(path);
        return sent();
      }
      throw new Error(`unexpected call ${path}`);
    }),
  );
  return posts;
}
afterEach(() => vi.unstubAllGlobals());

function open(language: 'fr' | 'en') {
  renderWithProviders(<SaleBills projectId={PROJECT} saleId={SALE} />, { language });
  return userEvent.setup();
}

describe('the sale’s bills', () => {
  it('lists the invoice and the credit note, each downloaded from its PDF link', async () => {
    serve(bills);
    open('fr');
    const table = await screen.findByRole('table', { name: 'Factures' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Facture12'),
      expect.stringContaining('Note de crédit13'),
    ]);
    expect(rows[0].textContent).toContain('1er juin 2027');
    const download = within(rows[1]).getByRole('link', { name: 'Télécharger (Note de crédit nº 13)' });
    expect(download.getAttribute('href')).toBe(`${base}/bills/${CREDIT}/pdf`);
    expect(download.hasAttribute('download')).toBe(true);
  });

  it('says so when the sale has no bill', async () => {
    serve([]);
    open('en');
    expect(await screen.findByText('No bill for this sale.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('sends a bill once confirmed with the buyer’s address, the button off while it is sent', async () => {
    let answer!: (response: Response) => void;
    const posts = serve(bills, () => new Promise((resolve) => (answer = resolve)));
    const user = open('fr');
    await user.click(await screen.findByRole('button', { name: 'Envoyer la facture (Facture nº 12)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer la facture?' });
    expect(dialog.textContent).toContain('« Facture nº 12 » sera envoyée par courriel à helene@erable.test');
    expect(posts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(posts).toEqual([`${base}/bills/${INVOICE}/send`]));
    const button = screen.getByRole('button', {
      name: 'Envoyer la facture (Facture nº 12)',
    }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    answer(json(200, { messageId: '00000000-0000-4000-8000-0000000000a9', to: 'helene@erable.test' }));
    expect(await screen.findByText('La facture est envoyée à helene@erable.test.')).toBeTruthy();
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(screen.queryByText(/L’envoi de la facture a échoué/)).toBeNull();
  });

  it('cancelled, sends nothing', async () => {
    const posts = serve(bills);
    const user = open('en');
    await user.click(await screen.findByRole('button', { name: 'Send the bill (Credit note no. 13)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the bill?' });
    expect(dialog.textContent).toContain('“Credit note no. 13” will be e-mailed to helene@erable.test');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);
  });

  it('shows the alert of spec §8 when sending fails', async () => {
    serve(bills, async () => json(500, { status: 500, code: 'internal', title: 'Internal error' }));
    const user = open('en');
    await user.click(await screen.findByRole('button', { name: 'Send the bill (Invoice no. 12)' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Send the bill?' })).getByRole('button', {
        name: 'Send',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The bill could not be sent: try again in a moment.',
    );
    expect(
      (screen.getByRole('button', { name: 'Send the bill (Invoice no. 12)' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
