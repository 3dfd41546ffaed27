import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../contracts/http';
import type { Tax } from '../../../contracts/taxes';
import { renderRoute } from '../../../tests/support/render';
import { DOUBLE_CLICK_GUARD_MS } from '../../components/forms/submit-button';
import { i18n } from '../../lib/i18n';
import { TaxesTab } from './taxes-tab';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const QST: Tax = {
  id: '00000000-0000-4000-8000-0000000000b2',
  name: { fr: 'TVQ', en: 'QST' },
  rateMilli: 9975,
  registrationNumber: '1234567890 TQ0001',
  position: 0,
};
const SETTINGS = { currency: 'CAD', sellerName: 'Maillage inc.', sellerAddress: 'Montréal', saved: true };

/** The machine is shared: a test that types in a modal may take more than the default 5 s. */
const SLOW = { timeout: 30_000 };
/** A second submit within the double-click guard is ignored, as a person's would be. */
const afterGuard = () => new Promise((resolve) => setTimeout(resolve, DOUBLE_CLICK_GUARD_MS + 50));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const spaces = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

let sent: { method: string; url: string; body: unknown }[];
/** The answer to a change (POST, PUT), when the test sets one. */
let change: Response | null;
beforeEach(() => {
  sent = [];
  change = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const url = String(input);
      if (method === 'GET' && url.endsWith('/sales-settings')) return json(200, SETTINGS);
      if (method === 'GET' && url.endsWith('/taxes')) return json(200, { items: [QST] });
      sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return change ?? json(200, { ...QST, id: '00000000-0000-4000-8000-0000000000b3' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function render(language: Language) {
  await renderRoute(() => <TaxesTab projectId={PROJECT} />, {
    language,
    path: '/projects/$projectId/registration',
    params: { projectId: PROJECT },
  });
  return screen.findAllByTestId('tax-row');
}

describe.each(['fr', 'en'] as const)('taxes tab (%s)', (language) => {
  const rate = language === 'fr' ? '9,975 %' : '9.975%';

  it('lists a tax with its name in the reader’s language, its rate and its number', SLOW, async () => {
    const [row] = await render(language);
    expect(within(row).getByTestId('tax-name').textContent).toBe(language === 'fr' ? 'TVQ' : 'QST');
    expect(spaces(within(row).getByTestId('tax-rate').textContent)).toBe(rate);
    expect(within(row).getByTestId('tax-number').textContent).toBe('1234567890 TQ0001');
  });

  it(
    'reads a rate typed with a comma or a point; refuses a fourth decimal under the field, sending nothing',
    SLOW,
    async () => {
      await render(language);
      await userEvent.click(screen.getAllByRole('button', { name: i18n.t('taxes.create') })[0]);
      const dialog = await screen.findByRole('dialog', { name: i18n.t('taxes.createTitle') });
      await userEvent.type(within(dialog).getByLabelText(new RegExp(i18n.t('taxes.fields.nameFr'))), 'TVQ');
      await userEvent.type(within(dialog).getByLabelText(new RegExp(i18n.t('taxes.fields.nameEn'))), 'QST');
      const rateInput = within(dialog).getByLabelText(
        new RegExp(i18n.t('taxes.fields.rate').replace(/[()%]/g, '.')),
      );
      await userEvent.type(rateInput, '9,9755');
      await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.create') }));
      expect(await within(dialog).findByText(i18n.t('validation.taxes.rate'))).toBeTruthy();
      expect(sent).toEqual([]);

      await userEvent.clear(rateInput);
      await userEvent.type(rateInput, language === 'fr' ? '9,975' : '9.975');
      await afterGuard();
      await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.create') }));
      await waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 });
      expect(sent[0]).toEqual({
        method: 'POST',
        url: `/api/projects/${PROJECT}/taxes`,
        body: { name: { fr: 'TVQ', en: 'QST' }, rateMilli: 9975, registrationNumber: '' },
      });
    },
  );

  it('edits a tax with its rate shown as the reader types it', SLOW, async () => {
    const [row] = await render(language);
    const name = language === 'fr' ? 'TVQ' : 'QST';
    await userEvent.click(within(row).getByRole('button', { name: i18n.t('taxes.editNamed', { name }) }));
    const dialog = await screen.findByRole('dialog', { name: i18n.t('taxes.editTitle') });
    const rateInput = within(dialog).getByLabelText(
      new RegExp(i18n.t('taxes.fields.rate').replace(/[()%]/g, '.')),
    );
    expect((rateInput as HTMLInputElement).value).toBe(language === 'fr' ? '9,975' : '9.975');
  });

  it('refuses an empty seller in the configuration, under the field', SLOW, async () => {
    await render(language);
    const form = screen.getByTestId('sales-settings-form');
    const seller = within(form).getByLabelText(new RegExp(i18n.t('taxes.settings.sellerName')));
    await userEvent.clear(seller);
    await userEvent.click(within(form).getByRole('button', { name: i18n.t('common.save') }));
    expect(await within(form).findByText(i18n.t('validation.required'))).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
