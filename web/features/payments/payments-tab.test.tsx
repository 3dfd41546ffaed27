import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Payment, PaymentFormOptions, PaymentSummary } from '../../../contracts/payments';
import { renderRoute, renderWithProviders } from '../../../tests/support/render';
import { PaymentCategoriesTab } from './categories-tab';
import { PaymentsTab } from './payments-tab';

/** A form typed key by key on a busy machine takes more than vitest's 5 s. */
const SLOW = 30_000;
const PROJECT = '00000000-0000-4000-8000-000000000001';
const GALA = '00000000-0000-4000-8000-0000000000a1';
const CREATED = '00000000-0000-4000-8000-0000000000a2';
const MEALS = '00000000-0000-4000-8000-0000000000c1';
const TAX = '00000000-0000-4000-8000-0000000000d1';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const gala: PaymentSummary = {
  id: GALA,
  kind: 'activity',
  name: { fr: 'Souper gala', en: 'Gala dinner' },
  category: { id: MEALS, name: { fr: 'Repas', en: 'Meals' } },
  activity: { id: 'a', name: { fr: 'Soirée', en: 'Evening' } },
  priceCents: 123456,
  position: 0,
  onSale: true,
  saleStartsAt: null,
  saleEndsAt: null,
  quantity: null,
  sold: 3,
};
const options: PaymentFormOptions = {
  currency: 'CAD',
  timeZone: 'America/Toronto',
  categories: [{ id: MEALS, name: { fr: 'Repas', en: 'Meals' } }],
  activities: [],
  taxes: [{ id: TAX, name: { fr: 'TPS', en: 'GST' }, rateMilli: 5000 }],
  roles: [],
};

let items: PaymentSummary[];
let sent: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  items = [gala];
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://x');
      const method = init.method ?? 'GET';
      if (method === 'GET') {
        if (url.pathname.endsWith('/payments'))
          return json(200, {
            currency: 'CAD',
            items,
            categories: [{ id: MEALS, name: { fr: 'Repas', en: 'Meals' }, position: 0 }],
          });
        if (url.pathname.endsWith('/payment-form-options')) return json(200, options);
        if (url.pathname.endsWith('/payment-categories'))
          return json(200, {
            items: [{ id: MEALS, name: { fr: 'Repas', en: 'Meals' }, position: 0, paymentCount: 1 }],
          });
        if (url.pathname.endsWith(`/payments/${CREATED}`)) return json(200, saved(sent.at(-1)?.body));
        if (url.pathname.endsWith(`/payments/${GALA}`))
          return json(200, {
            ...saved({ name: gala.name, priceCents: 5000 }),
            id: GALA,
            saleStartsAt: '2027-11-07T06:30:00.000Z',
            saleStartsAtLocal: '2027-11-07T01:30',
            saleStartsAtOffset: 'later',
          });
        return json(404, { status: 404, code: 'notFound', title: 'not found' });
      }
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, url: url.pathname, body });
      if (method === 'DELETE') return json(200, { ok: true });
      return json(200, saved(body));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function saved(body: unknown): Payment {
  const input = (body ?? {}) as Record<string, unknown>;
  return {
    ...gala,
    id: CREATED,
    kind: 'registration',
    activity: null,
    category: null,
    name: (input.name as Payment['name']) ?? gala.name,
    description: { fr: '', en: '' },
    priceCents: (input.priceCents as number) ?? 0,
    taxIds: [],
    roleIds: [],
    sold: 0,
    saleStartsAtLocal: null,
    saleStartsAtOffset: null,
    saleEndsAtLocal: null,
    saleEndsAtOffset: null,
    salesCount: 0,
  };
}

/** The tab with its `?payment=` kept in a state, as the registration page keeps it in the URL. */
function Tab({ initial }: { initial?: string }) {
  const [paymentId, setPaymentId] = useState<string | undefined>(initial);
  return <PaymentsTab projectId={PROJECT} paymentId={paymentId} onOpen={setPaymentId} />;
}

describe('payments tab (R1)', () => {
  it('lists a payment with its kind, price in the project’s currency, sale state and sold / quantity', async () => {
    await renderRoute(Tab);
    const row = (await screen.findByText('Souper gala')).closest(
      '[data-testid="payment-row"]',
    ) as HTMLElement;
    expect(within(row).getByText('Activité')).toBeTruthy();
    expect(within(row).getByText('En vente')).toBeTruthy();
    expect(within(row).getByTestId('payment-price').textContent).toBe('1\u00a0234,56\u00a0$');
    expect(within(row).getByText('3 / illimité vendus')).toBeTruthy();
    expect(screen.getByText('Repas')).toBeTruthy();
  });

  it('shows the empty state with a way to create the first payment', async () => {
    items = [];
    await renderRoute(Tab, { language: 'en' });
    const empty = await screen.findByTestId('payments-empty');
    expect(within(empty).getByText(/This project sells nothing yet/)).toBeTruthy();
    expect(within(empty).getByRole('button', { name: 'New payment' })).toBeTruthy();
  });

  it(
    'a price typed with a decimal comma is sent in cents; a wrong one is refused under the field',
    async () => {
      await renderRoute(Tab);
      await userEvent.click(await screen.findByRole('button', { name: 'Nouveau paiement' }));
      const panel = await screen.findByTestId('payment-panel');
      await userEvent.type(
        within(panel).getByRole('textbox', { name: 'Nom en français' }),
        'Inscription VIP',
      );
      await userEvent.type(within(panel).getByRole('textbox', { name: 'Nom en anglais' }), 'VIP admission');
      const price = within(panel).getByRole('textbox', { name: 'Prix (CAD)' });
      await userEvent.type(price, 'douze');
      await userEvent.click(within(panel).getByRole('button', { name: 'Créer' }));
      expect(await within(panel).findByText(/Inscrivez un montant de 0 à 10 000 000,00/)).toBeTruthy();
      expect(sent).toEqual([]);

      await userEvent.clear(price);
      await userEvent.type(price, '1 234,56');
      // A second submit within a second of the first is ignored (P8's double-click guard): wait it out.
      const create = within(panel).getByRole('button', { name: 'Créer' });
      await waitFor(() => expect(create.getAttribute('data-guarded')).toBeNull(), { timeout: 3000 });
      await userEvent.click(create);
      await waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 });
      expect(sent[0]).toMatchObject({
        method: 'POST',
        url: `/api/projects/${PROJECT}/payments`,
        body: {
          kind: 'registration',
          name: { fr: 'Inscription VIP', en: 'VIP admission' },
          priceCents: 123456,
          quantity: null,
          onSale: false,
          taxIds: [],
        },
      });
      // The new payment opens in the panel under its own id.
      expect(await screen.findByRole('heading', { name: 'Inscription VIP' }, { timeout: 5000 })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'in English, "12.50" is 1,250 cents',
    async () => {
      await renderRoute(Tab, { language: 'en' });
      await userEvent.click(await screen.findByRole('button', { name: 'New payment' }));
      const panel = await screen.findByTestId('payment-panel');
      await userEvent.type(within(panel).getByRole('textbox', { name: 'Name in French' }), 'Visiteur');
      await userEvent.type(within(panel).getByRole('textbox', { name: 'Name in English' }), 'Visitor');
      await userEvent.type(within(panel).getByRole('textbox', { name: 'Price (CAD)' }), '12.50');
      await userEvent.click(within(panel).getByRole('button', { name: 'Create' }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0].body).toMatchObject({ priceCents: 1250 });
    },
    SLOW,
  );

  it('deletes a payment only once confirmed', async () => {
    await renderRoute(Tab);
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer « Souper gala »' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le paiement' });
    expect(within(dialog).getByText('Le paiement « Souper gala » sera supprimé.')).toBeTruthy();
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'DELETE', url: `/api/projects/${PROJECT}/payments/${GALA}`, body: undefined },
      ]),
    );
  });

  it(
    'an opened payment whose sale starts at a time lived twice shows which one, and sends it back',
    async () => {
      await renderRoute(() => <Tab initial={GALA} />);
      const panel = await screen.findByTestId('payment-panel');
      const which = within(panel).getByRole('radiogroup', { name: /Laquelle de ces deux heures/ });
      expect((within(which).getByRole('radio', { name: /La seconde/ }) as HTMLInputElement).checked).toBe(
        true,
      );
      expect((within(panel).getByRole('textbox', { name: 'Prix (CAD)' }) as HTMLInputElement).value).toBe(
        '50,00',
      );
      await userEvent.click(within(panel).getByRole('button', { name: 'Enregistrer' }));
      await waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 });
      expect(sent[0]).toMatchObject({
        method: 'PUT',
        url: `/api/projects/${PROJECT}/payments/${GALA}`,
        body: { saleStartsAt: '2027-11-07T01:30', saleStartsAtOffset: 'later', priceCents: 5000 },
      });
    },
    SLOW,
  );
});

describe('payment categories tab (R1)', () => {
  it(
    'lists categories with their payment count and creates one',
    async () => {
      renderWithProviders(<PaymentCategoriesTab projectId={PROJECT} />);
      const row = (await screen.findByText('Repas')).closest(
        '[data-testid="payment-category-row"]',
      ) as HTMLElement;
      expect(within(row).getByText(/1 paiement/)).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Nouvelle catégorie' }));
      const dialog = await screen.findByRole('dialog', { name: 'Nouvelle catégorie' });
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nom en français' }), 'Soirées');
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nom en anglais' }), 'Evenings');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
      await waitFor(() =>
        expect(sent).toEqual([
          {
            method: 'POST',
            url: `/api/projects/${PROJECT}/payment-categories`,
            body: { name: { fr: 'Soirées', en: 'Evenings' } },
          },
        ]),
      );
    },
    SLOW,
  );
});
