import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { ITEM, PROJECT, workedExampleSale as sale } from './fixtures';
import { RefundModal } from './refund-modal';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

function open(language: 'fr' | 'en') {
  const onClose = vi.fn();
  renderWithProviders(
    <RefundModal projectId={PROJECT} sale={sale} item={sale.items[0]} onClose={onClose} />,
    {
      language,
    },
  );
  return { onClose, user: userEvent.setup() };
}

const sums = () => within(screen.getByTestId('refund-sums'));
const normalise = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const rowText = (label: RegExp) =>
  normalise(sums().getByRole('rowheader', { name: label }).closest('tr')?.textContent ?? null);

describe('the refund form (S2)', () => {
  it('hides the amount when the refund is full, and shows the whole fee back', async () => {
    const { user } = open('fr');
    expect(screen.getByRole('textbox', { name: /Montant retenu/ })).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Remboursement complet' }));
    expect(screen.queryByRole('textbox', { name: /Montant retenu/ })).toBeNull();
    expect(rowText(/Total avant taxes/)).toContain('200,00 $');
    expect(rowText(/Total avec taxes/)).toContain('229,95 $');
  });

  it('computes live from « 35,00 » typed, in French: 165,00 $ + TPS 8,25 $ + TVQ 16,46 $ = 189,71 $', async () => {
    const { user } = open('fr');
    await user.type(screen.getByRole('textbox', { name: /Montant retenu/ }), '35,00');
    expect(rowText(/Total avant taxes/)).toContain('165,00 $');
    expect(rowText(/TPS/)).toContain('8,25 $');
    expect(rowText(/TVQ/)).toContain('16,46 $');
    expect(rowText(/Total avec taxes/)).toContain('189,71 $');
  });

  it('computes the same in English, "35.00" typed: $189.71', async () => {
    const { user } = open('en');
    await user.type(screen.getByRole('textbox', { name: /Amount retained/ }), '35.00');
    expect(rowText(/Total before taxes/)).toContain('$165.00');
    expect(rowText(/QST/)).toContain('$16.46');
    expect(rowText(/Total with taxes/)).toContain('$189.71');
  });

  it('says under the field when the amount retained is above the fee, and offers no refund', async () => {
    const { user } = open('fr');
    await user.type(screen.getByRole('textbox', { name: /Montant retenu/ }), '200,01');
    expect(screen.getByText('Le montant retenu dépasse les frais remboursables.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Rembourser' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the in-progress state while saving, then on failure an alert and the button again, with a new key', async () => {
    const bodies: { idempotencyKey: string; retained?: string }[] = [];
    let answer!: (response: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: RequestInfo | URL, init: RequestInit = {}) => {
        bodies.push(JSON.parse(String(init.body)));
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }),
    );
    const { user, onClose } = open('fr');
    await user.type(screen.getByRole('textbox', { name: /Montant retenu/ }), '35,00');
    await user.click(screen.getByRole('button', { name: 'Rembourser' }));
    expect(await screen.findByText('Remboursement en cours…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rembourser' })).toBeNull();
    answer(
      json(502, {
        status: 502,
        code: 'sales.refund.processorFailed',
        title:
          'Le processeur de paiement a refusé le remboursement (code card_declined). Rien n’a été remboursé.',
        requestId: 'r-1',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('code card_declined');
    const again = await screen.findByRole('button', { name: 'Rembourser' });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(again);
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[0]).toMatchObject({ retained: '35,00', full: false, itemId: ITEM });
    expect(bodies[1].idempotencyKey).not.toBe(bodies[0].idempotencyKey);
  });
});
