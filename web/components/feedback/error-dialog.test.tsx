import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { en, fr } from '../../../locales';
import { renderWithProviders } from '../../../tests/support/render';
import { ApiError } from '../../lib/api';
import { ErrorDialog, failedModuleUrl, showError } from './error-dialog';

const TEXTS = { fr, en };

/**
 * The popup's code as the browser fetches it: while `network.up` is false, its `import()` rejects as Chromium's
 * does; else it is the real module (loaded once here, so that it shares Mantine and i18next with the test).
 */
const network = { up: true, loads: 0 };
const view = await vi.importActual<typeof import('./error-dialog-view')>('./error-dialog-view');

beforeEach(() => {
  network.up = true;
  // Mocked anew, so that each test starts on a page that has not fetched the popup yet.
  vi.doMock('./error-dialog-view', () => {
    network.loads += 1;
    if (!network.up)
      throw new TypeError(
        'Failed to fetch dynamically imported module: http://localhost/assets/error-dialog-view.js',
      );
    return view;
  });
});

/** The app around the popup: a page that must stay on screen whatever happens to the popup. */
function renderApp(language: 'fr' | 'en') {
  return renderWithProviders(
    <>
      <p>La page reste affichée</p>
      <ErrorDialog />
    </>,
    { language },
  );
}

/** The notice's part that reads exactly `text` (the catalogue's spaces kept: « requête : » has a narrow one). */
const notice = (text: string) =>
  [...document.querySelectorAll('.mantine-Notification-root *')].find(
    (element) => element.textContent === text,
  );

describe.each(['fr', 'en'] as const)('the error popup (%s)', (language) => {
  const t = TEXTS[language];

  it('shows a failed call in its popup', async () => {
    renderApp(language);
    act(() => showError(new ApiError({ status: 0, code: 'network' })));
    expect((await screen.findByTestId('error-message')).textContent).toBe(t.errors.network);
  });

  it("falls back to a notice when the popup's code cannot be fetched, keeps the page, and fetches it next time", async () => {
    network.up = false;
    // React logs the error its boundary catches: expected here.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(language);
    act(() =>
      showError(
        new ApiError({ status: 500, code: 'internal', title: 'Panne du serveur', requestId: 'r-42' }),
      ),
    );

    await waitFor(() =>
      expect(notice(`Panne du serveur ${t.common.requestId.replace('{{id}}', 'r-42')}`)).toBeTruthy(),
    );
    expect(notice(t.errors.title)).toBeTruthy();
    expect(screen.getByText('La page reste affichée')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    logged.mockRestore();

    // The network is back: the next error is shown in the popup, whose code is fetched again.
    network.up = true;
    const loads = network.loads;
    act(() => showError(new ApiError({ status: 0, code: 'network' })));
    expect((await screen.findByTestId('error-message')).textContent).toBe(t.errors.network);
    expect(network.loads).toBeGreaterThan(loads);
    expect(screen.getByText('La page reste affichée')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: t.common.ok }));
    await waitFor(() => expect(screen.queryByTestId('error-message')).toBeNull());
  });
});

describe('failedModuleUrl', () => {
  it('reads the address of a failed dynamic import from Chromium’s and Firefox’s messages, none from others', () => {
    const url = 'http://localhost/assets/error-dialog-view-BRPvvj8y.js';
    expect(failedModuleUrl(new TypeError(`Failed to fetch dynamically imported module: ${url}`))).toBe(url);
    expect(failedModuleUrl(new TypeError(`error loading dynamically imported module: ${url}`))).toBe(url);
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeNull();
  });
});
