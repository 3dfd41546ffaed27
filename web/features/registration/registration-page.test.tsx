import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../tests/support/render';
import { RegistrationPage } from './registration-page';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const base = `/api/projects/${PROJECT}`;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The page's reads, with option 54 (taxes) on or off. */
function serve(taxes: boolean) {
  const reads: Record<string, unknown> = {
    [`${base}/options`]: { items: [{ id: 54, value: taxes }] },
    [`${base}/payments`]: { currency: 'CAD', items: [], categories: [] },
    [`${base}/sales-settings`]: { currency: 'CAD', sellerName: null, sellerAddress: null, saved: false },
    [`${base}/taxes`]: { items: [] },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => json(reads[String(input).split('?')[0]] ?? {})),
  );
}
afterEach(() => vi.unstubAllGlobals());

const open = (search: Record<string, unknown>) =>
  renderRoute(RegistrationPage, {
    language: 'fr',
    path: '/projects/$projectId/registration',
    params: { projectId: PROJECT },
    search,
  });

describe('the registration page (R2: option 54)', () => {
  it('with the taxes off, has no taxes tab but the sales configuration on its own', async () => {
    serve(false);
    await open({ tab: 'settings' });
    await screen.findByRole('tab', { name: 'Configuration des ventes' });
    expect(screen.queryByRole('tab', { name: 'Taxes' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Configuration des taxes' })).toBeTruthy();
  });

  it('with the taxes on, has the taxes tab, and no separate configuration tab', async () => {
    serve(true);
    await open({ tab: 'taxes' });
    await screen.findByRole('tab', { name: 'Taxes' });
    expect(screen.queryByRole('tab', { name: 'Configuration des ventes' })).toBeNull();
  });
});
