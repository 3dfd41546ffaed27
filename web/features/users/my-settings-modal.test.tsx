import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../contracts/auth';
import { fakeServer, json, page, problem, sentTo } from '../../../tests/support/fake-api';
import { makeTestQueryClient, renderWithProviders } from '../../../tests/support/render';
import { i18n } from '../../lib/i18n';
import { sessionQuery } from '../session/api';
import { MySettingsModal } from './my-settings-modal';

const ME = '00000000-0000-4000-8000-0000000000d1';
const B2B = '00000000-0000-4000-8000-0000000000a1';
const GALA = '00000000-0000-4000-8000-0000000000a2';
const me = (settings: Pick<CurrentUser, 'locale' | 'lastProjectId'>): CurrentUser => ({
  id: ME,
  email: 'lecture@maillage.test',
  firstName: 'Dominique',
  lastName: 'Roy',
  isSuperAdmin: false,
  company: { id: '00000000-0000-4000-8000-0000000000e1', name: 'Événements Maillage', isDemo: false },
  homeCompanyId: '00000000-0000-4000-8000-0000000000e1',
  textEditionMode: false,
  access: { isSuperAdmin: false, role: 'readonly', allProjects: true, projects: [] },
  ...settings,
});
const state = (user: CurrentUser) => ({
  user,
  csrfToken: 'csrf',
  session: { timeWarn: false, timeClose: false, expiresAt: null, checkSeconds: 60 },
});

const SETTINGS = `PUT /api/users/${ME}/settings`;

/** The server: the projects the user may open, the settings' save (`save` answers it), the session after it. */
function serve(start: CurrentUser, save: () => Response) {
  let user = start;
  return fakeServer({
    'GET /api/projects': () =>
      page([
        { id: B2B, nameFr: 'Journée B2B', nameEn: 'B2B Day' },
        { id: GALA, nameFr: 'Soirée gala', nameEn: 'Gala evening' },
      ]),
    [SETTINGS]: ({ body }) => {
      const answer = save();
      if (answer.ok) user = { ...user, ...(body as object) };
      return answer;
    },
    'GET /api/session': () => json(200, state(user)),
  });
}

/** The modal as the account menu opens it: the session already read. */
function open(user: CurrentUser, onClose: () => void) {
  const queryClient = makeTestQueryClient();
  queryClient.setQueryData(sessionQuery.queryKey, state(user));
  return renderWithProviders(<MySettingsModal onClose={onClose} />, { language: user.locale, queryClient });
}

afterEach(() => vi.unstubAllGlobals());

describe('« Mes réglages » / My settings (A1)', () => {
  it('shows the current values in French, saves, and switches to English at once', async () => {
    const user = userEvent.setup();
    const start = me({ locale: 'fr', lastProjectId: B2B });
    const calls = serve(start, () => json(200, { id: ME, locale: 'en', lastProjectId: GALA, isSelf: true }));
    const onClose = vi.fn();
    open(start, onClose);

    await screen.findByRole('dialog', { name: 'Mes réglages' });
    expect((screen.getByRole('combobox', { name: 'Langue' }) as HTMLInputElement).value).toBe('Français');
    const project = screen.getByRole('combobox', { name: 'Projet ouvert en premier' }) as HTMLInputElement;
    await waitFor(() => expect(project.value).toBe('Journée B2B'));

    await user.click(screen.getByRole('combobox', { name: 'Langue' }));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    await user.click(project);
    await user.click(await screen.findByRole('option', { name: 'Soirée gala' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Your settings are saved.')).toBeTruthy();
    expect(sentTo(calls, SETTINGS)).toEqual([{ locale: 'en', lastProjectId: GALA }]);
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    // The session asked again after the save: the menu and `/` follow the project opened first.
    const routes = calls.map((c) => `${c.method} ${c.path}`);
    expect(routes.slice(routes.indexOf(SETTINGS))).toContain('GET /api/session');
    expect(onClose).toHaveBeenCalledOnce();
  }, 20_000);

  it('in English, writes a refusal of the server under its field and stays open', async () => {
    const user = userEvent.setup();
    const start = me({ locale: 'en', lastProjectId: null });
    serve(start, () =>
      problem(400, 'validation', 'Some fields are invalid.', [
        {
          field: 'lastProjectId',
          code: 'validation.projectUnknown',
          message: 'This project does not exist in the company.',
        },
      ]),
    );
    const onClose = vi.fn();
    open(start, onClose);

    await screen.findByRole('dialog', { name: 'My settings' });
    expect((screen.getByRole('combobox', { name: 'Language' }) as HTMLInputElement).value).toBe('English');
    const project = screen.getByRole('combobox', { name: 'Project opened first' }) as HTMLInputElement;
    expect(project.value).toBe('None (the project list)');
    await user.click(project);
    await user.click(await screen.findByRole('option', { name: 'B2B Day' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const error = await screen.findByText('This project does not exist in the company.');
    expect(project.getAttribute('aria-invalid')).toBe('true');
    expect(project.getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.queryByText('Your settings are saved.')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(i18n.language).toBe('en');
  }, 20_000);
});
