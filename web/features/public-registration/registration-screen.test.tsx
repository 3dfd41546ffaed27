import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicRegistrationPage, RegistrationQuote } from '../../../contracts/registration';
import { renderWithProviders } from '../../../tests/support/render';
import { RegistrationScreen } from './registration-screen';
import { SummaryStep } from './summary-step';

const TOKEN = 'A'.repeat(43);
const BUYER = '00000000-0000-4000-8000-0000000000b1';
const FREE = '00000000-0000-4000-8000-0000000000f1';
const PAID = '00000000-0000-4000-8000-0000000000f2';
const GALA = '00000000-0000-4000-8000-0000000000f3';
const DIET = '00000000-0000-4000-8000-0000000000d1';

const name = (fr: string, en = fr) => ({ fr, en });
const page: PublicRegistrationPage = {
  project: {
    name: name('Salon B2B', 'B2B Fair'),
    languages: ['fr', 'en'],
    defaultLanguage: 'fr',
    colours: { bannerBackground: '#1c3d5a', bannerText: '#ffffff', background: '#f5f7fa' },
    supportEmail: null,
  },
  currency: 'CAD',
  cardPayments: false,
  roles: [{ id: BUYER, name: name('Acheteur', 'Buyer') }],
  offers: [
    {
      id: FREE,
      kind: 'registration',
      name: name('Inscription gratuite', 'Free registration'),
      description: name(''),
      priceCents: 0,
      taxes: [],
      roleIds: [BUYER],
      remaining: 12,
      promo: false,
    },
    {
      id: PAID,
      kind: 'registration',
      name: name('Inscription VIP', 'VIP registration'),
      description: name(''),
      priceCents: 10_000,
      taxes: [],
      roleIds: [BUYER],
      remaining: null,
      promo: true,
    },
    {
      id: GALA,
      kind: 'activity',
      name: name('Souper gala', 'Gala dinner'),
      description: name(''),
      priceCents: 0,
      taxes: [],
      roleIds: [],
      remaining: null,
      promo: true,
    },
  ],
  fields: [
    { key: 'firstName', standard: true, title: null, inputType: 'text', isMandatory: true, items: [] },
    { key: 'lastName', standard: true, title: null, inputType: 'text', isMandatory: true, items: [] },
    { key: 'email', standard: true, title: null, inputType: 'email', isMandatory: true, items: [] },
    { key: DIET, standard: false, title: name('Allergies'), inputType: 'text', isMandatory: true, items: [] },
  ],
};

const freeQuote: RegistrationQuote = {
  currency: 'CAD',
  lines: [
    {
      paymentId: FREE,
      name: name('Inscription gratuite'),
      unitPriceCents: 0,
      discountCents: 0,
      promoCode: null,
      taxes: [],
      totalCents: 0,
    },
  ],
  subtotalCents: 0,
  discountCents: 0,
  taxCents: 0,
  totalCents: 0,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server of the page: the page, a quote (or `quoteAnswer`), a purchase; every request kept. */
function serve(options: { page?: Response; quoteAnswer?: () => Response } = {}) {
  const sent: { url: string; body: unknown }[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/session') return json(200, { csrfToken: 'csrf' });
    if (url.endsWith('/quote')) return options.quoteAnswer?.() ?? json(200, freeQuote);
    if (url.endsWith('/purchase')) return json(200, { status: 'completed', url: null });
    if (url.startsWith(`/api/registration-pages/${TOKEN}`)) return options.page ?? json(200, page);
    return json(404, { status: 404, code: 'notFound' });
  });
  return { spy, sent };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the public registration page', () => {
  it('takes a newcomer through the role, the choice, their details and the summary, then registers them', async () => {
    const { sent } = serve();
    renderWithProviders(<RegistrationScreen token={TOKEN} />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Acheteur' }, { timeout: 5000 }));
    // Without a card processor, what costs something cannot be chosen, and the page says why.
    expect(screen.getByTestId('card-unavailable').textContent).toMatch(
      /paiement par carte n’est pas configuré/,
    );
    expect(screen.getByRole('radio', { name: /Inscription VIP/ })).toHaveProperty('disabled', true);
    expect(screen.getByText('12 places restantes')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /Inscription gratuite/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Souper gala/ }));
    await userEvent.type(screen.getByLabelText('Code promotionnel pour « Souper gala »'), 'gala');
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));

    expect(await screen.findByRole('heading', { name: 'Vos coordonnées' }, { timeout: 5000 })).toBeTruthy();
    expect(sent.find((r) => r.url.endsWith('/quote'))?.body).toEqual({
      roleId: BUYER,
      items: [{ paymentId: FREE }, { paymentId: GALA, promoCode: 'gala' }],
    });
    // The project's rules (U5), checked before going on: names, e-mail and its own mandatory field.
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findAllByText('Ce champ est obligatoire.')).not.toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Prénom/), 'Nadia');
    await userEvent.type(screen.getByLabelText(/^Nom/), 'Tremblay');
    await userEvent.type(screen.getByLabelText(/Courriel/), 'nadia@example.test');
    await userEvent.type(screen.getByLabelText(/Allergies/), 'Arachides');
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));

    const summary = await screen.findByTestId('summary', {}, { timeout: 5000 });
    expect(within(summary).getByText('Total')).toBeTruthy();
    expect(within(summary).getAllByText('0,00 $')).not.toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'M’inscrire' }));
    expect(await screen.findByTestId('registration-done')).toBeTruthy();
    expect(sent.find((r) => r.url.endsWith('/purchase'))?.body).toMatchObject({
      firstName: 'Nadia',
      lastName: 'Tremblay',
      email: 'nadia@example.test',
      language: 'fr',
      roleId: BUYER,
      profile: { [DIET]: 'Arachides' },
    });
  }, 20_000);

  it('shows a refused promo code under its field, as the server words it', async () => {
    serve({
      quoteAnswer: () =>
        json(400, {
          status: 400,
          code: 'validation',
          title: 'Certains champs sont invalides.',
          fields: [{ field: 'items.1.promoCode', code: 'x', message: 'Ce code promotionnel est expiré.' }],
        }),
    });
    renderWithProviders(<RegistrationScreen token={TOKEN} />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Acheteur' }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('radio', { name: /Inscription gratuite/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Souper gala/ }));
    await userEvent.type(screen.getByLabelText(/Code promotionnel/), 'VIEUX');
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText('Ce code promotionnel est expiré.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Vos coordonnées' })).toBeNull();
  });

  it('switches language at once, remembered on this device', async () => {
    serve();
    renderWithProviders(<RegistrationScreen token={TOKEN} />);
    await screen.findByRole('radio', { name: 'Acheteur' }, { timeout: 5000 });
    await userEvent.click(screen.getByText('EN'));
    expect(await screen.findByRole('radio', { name: 'Buyer' })).toBeTruthy();
    expect(localStorage.getItem('maillage.registrationPage.language')).toBe('en');
  });

  it.each([
    [404, 'Adresse introuvable'],
    [410, 'Les inscriptions sont fermées pour l’instant.'],
  ])('answers %i with its own screen', async (status, text) => {
    serve({ page: json(status, { status, code: 'x' }) });
    renderWithProviders(<RegistrationScreen token={TOKEN} />);
    expect(await screen.findByText(text)).toBeTruthy();
  });
});

describe('the summary', () => {
  it('lists each tax and the total in the page’s language before paying', async () => {
    const quote: RegistrationQuote = {
      currency: 'CAD',
      lines: [
        {
          paymentId: PAID,
          name: name('Inscription VIP', 'VIP registration'),
          unitPriceCents: 10_000,
          discountCents: 2500,
          promoCode: 'EXPO25',
          taxes: [
            { name: name('TPS', 'GST'), rateMilli: 5000, amountCents: 375 },
            { name: name('TVQ', 'QST'), rateMilli: 9975, amountCents: 748 },
          ],
          totalCents: 8623,
        },
      ],
      subtotalCents: 10_000,
      discountCents: 2500,
      taxCents: 1123,
      totalCents: 8623,
    };
    const onConfirm = vi.fn();
    renderWithProviders(
      <SummaryStep quote={quote} language="en" busy={false} onBack={() => {}} onConfirm={onConfirm} />,
      { language: 'en' },
    );
    const rows = within(screen.getByTestId('summary'))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'VIP registration$100.00',
      'Discount (code EXPO25)-$25.00',
      'GST (5%)$3.75',
      'QST (9.975%)$7.48',
      'Total$86.23',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Pay $86.23' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledOnce());
  });
});
