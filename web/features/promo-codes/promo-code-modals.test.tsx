import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../contracts/http';
import type { PromoCode, PromoPaymentOptions } from '../../../contracts/promo-codes';
import { renderRoute } from '../../../tests/support/render';
import { DOUBLE_CLICK_GUARD_MS } from '../../components/forms/submit-button';
import { i18n } from '../../lib/i18n';
import { PromoCodeFormModal } from './promo-code-modals';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const DAY = '00000000-0000-4000-8000-0000000000d1';
const PAYMENTS: PromoPaymentOptions = {
  items: [{ id: DAY, name: { fr: 'Journée', en: 'Day pass' }, priceCents: 10000, promoCodeId: null }],
  currency: 'CAD',
};
const PROMO: PromoCode = {
  id: '00000000-0000-4000-8000-0000000000e1',
  paymentId: DAY,
  paymentName: { fr: 'Journée', en: 'Day pass' },
  code: 'GALA',
  kind: 'amount',
  value: 1250,
  validFrom: null,
  validUntil: null,
  validFromLocal: null,
  validUntilLocal: null,
  maxUses: 10,
  uses: 3,
};

/** The machine is shared: a test that types in a modal may take more than the default 5 s. */
const SLOW = { timeout: 30_000 };
/** A second submit within the double-click guard is ignored, as a person's would be. */
const afterGuard = () => new Promise((resolve) => setTimeout(resolve, DOUBLE_CLICK_GUARD_MS + 50));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let sent: { method: string; url: string; body: unknown }[];
let answer: Response | null;
beforeEach(() => {
  sent = [];
  answer = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      sent.push({
        method: init.method ?? 'GET',
        url: String(input),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      return answer ?? json(200, PROMO);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function render(language: Language, promo: PromoCode | null) {
  await renderRoute(
    () => (
      <PromoCodeFormModal
        projectId={PROJECT}
        promo={promo}
        payments={PAYMENTS}
        timeZone="America/Toronto"
        onClose={() => {}}
      />
    ),
    { language, path: '/projects/$projectId/registration', params: { projectId: PROJECT } },
  );
  return screen.findByRole('dialog', {
    name: i18n.t(promo ? 'promoCodes.editTitle' : 'promoCodes.createTitle'),
  });
}

const valueInput = (dialog: HTMLElement, key: string) =>
  within(dialog).getByLabelText(new RegExp(i18n.t(key, { currency: 'CAD' }).replace(/[()%]/g, '.')));

/** The add modal with the day pass chosen and `code` typed. */
async function startNewCode(language: Language, code: string) {
  const dialog = await render(language, null);
  await userEvent.click(
    within(dialog).getByRole('combobox', { name: new RegExp(i18n.t('promoCodes.fields.payment')) }),
  );
  await userEvent.click(
    await screen.findByRole('option', { name: language === 'fr' ? 'Journée' : 'Day pass' }),
  );
  await userEvent.type(within(dialog).getByLabelText(new RegExp(i18n.t('promoCodes.fields.code'))), code);
  return dialog;
}

describe.each(['fr', 'en'] as const)('promo code modal (%s)', (language) => {
  it('a percentage is typed like a rate; the switch to an amount reads it as money', SLOW, async () => {
    const dialog = await startNewCode(language, 'HATIF15');
    await userEvent.type(valueInput(dialog, 'promoCodes.fields.percentValue'), '15');
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.create') }));
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 });
    expect(sent[0]).toEqual({
      method: 'POST',
      url: `/api/projects/${PROJECT}/promo-codes`,
      body: {
        paymentId: DAY,
        code: 'HATIF15',
        kind: 'percent',
        value: 15000,
        validFrom: null,
        validUntil: null,
        maxUses: null,
      },
    });
  });

  it(
    'an amount typed with a decimal comma is sent in cents; a fourth decimal of a percentage is refused',
    SLOW,
    async () => {
      const dialog = await startNewCode(language, 'RABAIS');
      await userEvent.type(valueInput(dialog, 'promoCodes.fields.percentValue'), '12,5005');
      await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.create') }));
      expect(await within(dialog).findByText(i18n.t('validation.promoCode.value'))).toBeTruthy();
      expect(sent).toEqual([]);

      await userEvent.click(within(dialog).getByText(i18n.t('promoCodes.fields.amount')));
      const amount = valueInput(dialog, 'promoCodes.fields.amountValue');
      await userEvent.clear(amount);
      await userEvent.type(amount, '12,50');
      await userEvent.type(
        within(dialog).getByLabelText(new RegExp(i18n.t('promoCodes.fields.maxUses'))),
        '10',
      );
      await afterGuard();
      await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.create') }));
      await waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 });
      expect(sent[0].body).toMatchObject({ code: 'RABAIS', kind: 'amount', value: 1250, maxUses: 10 });
    },
  );

  it(
    'edits a code with its amount as the reader types it, and shows the server’s refusal under the field',
    SLOW,
    async () => {
      const dialog = await render(language, PROMO);
      const amount = valueInput(dialog, 'promoCodes.fields.amountValue') as HTMLInputElement;
      expect(amount.value).toBe(language === 'fr' ? '12,50' : '12.50');
      const message = i18n.t('validation.promoCode.maxUsesBelowUses', { uses: 3 });
      answer = json(400, {
        status: 400,
        code: 'validation',
        title: 'invalid',
        requestId: '1',
        fields: [{ field: 'maxUses', code: 'validation.promoCode.maxUsesBelowUses', message }],
      });
      const uses = within(dialog).getByLabelText(new RegExp(i18n.t('promoCodes.fields.maxUses')));
      await userEvent.clear(uses);
      await userEvent.type(uses, '2');
      await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.save') }));
      expect(await within(dialog).findByText(message)).toBeTruthy();
      expect(sent[0]).toMatchObject({
        method: 'PUT',
        url: `/api/projects/${PROJECT}/promo-codes/${PROMO.id}`,
      });
    },
  );
});
