import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { RegistrationPageTab } from './page-tab';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const URL_ = `/api/projects/${PROJECT}/registration-page`;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The server of the tab: no address first; each POST makes a new one; PUT …/open sets the switch. */
function serve() {
  let address: { path: string | null; open: boolean; createdAt: string | null } = {
    path: null,
    open: false,
    createdAt: null,
  };
  let made = 0;
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${String(input)}`);
    if (method === 'POST') {
      made++;
      address = { path: `/r/${String(made).repeat(43)}`, open: true, createdAt: '2026-11-28T12:00:00.000Z' };
    }
    if (method === 'PUT') address = { ...address, open: JSON.parse(String(init?.body)).open };
    return json(address);
  });
  return calls;
}

afterEach(() => vi.restoreAllMocks());

describe('the registration page tab', () => {
  it('makes the address, closes the page, and replaces the address only once confirmed', async () => {
    const calls = serve();
    renderWithProviders(<RegistrationPageTab projectId={PROJECT} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Créer l’adresse' }));
    const field = (await screen.findByTestId('registration-page-address')) as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/r/${'1'.repeat(43)}`);

    const open = screen.getByRole('switch', { name: /Inscriptions ouvertes/ });
    expect(open).toHaveProperty('checked', true);
    await userEvent.click(open);
    await waitFor(() => expect(calls).toContain(`PUT ${URL_}/open`));
    await waitFor(() => expect(screen.getByRole('switch')).toHaveProperty('checked', false));

    await userEvent.click(screen.getByRole('button', { name: 'Remplacer l’adresse' }));
    expect(await screen.findByText(/cessera de fonctionner immédiatement/)).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      [...dialog.querySelectorAll('button')].find(
        (b) => b.textContent === 'Remplacer l’adresse',
      ) as HTMLElement,
    );
    await waitFor(() =>
      expect((screen.getByTestId('registration-page-address') as HTMLInputElement).value).toMatch(
        /\/r\/2{43}$/,
      ),
    );
  }, 20_000);
});
