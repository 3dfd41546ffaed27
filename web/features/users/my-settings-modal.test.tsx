import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../contracts/auth';
import { makeTestQueryClient, renderWithProviders } from '../../../tests/support/render';
import { i18n } from '../../lib/i18n';
import { sessionQuery } from '../session/api';
import { MySettingsModal } from './my-settings-modal';

const ME = '00000000-0000-4000-8000-0000000000d1';
const B2B = '00000000-0000-4000-8000-0000000000a1';
const GALA = '00000000-0000-4000-8000-0000000000a2';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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

/** The server: the projects the user may open, the settings' save (`save` answers it), the session after it. */
function serve(
  start: CurrentUser,
  save: (body: { locale: 'fr' | 'en'; lastProjectId: string | null }) => Response,
) {
  const calls: string[] = [];
  let user = start;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).split('?')[0];
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/api/projects') {
        return json(200, {
          items: [
            { id: B2B, nameFr: 'Journée B2B', nameEn: 'B2B Day' },
            { id: GALA, nameFr: 'Soirée gala', nameEn: 'Gala evening' },
          ],
          page: 1,
          pageSize: 100,
          total: 2,
        });
      }
      if (path === `/api/users/${ME}/settings` && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        const answer = save(body);
        if (answer.ok) user = { ...user, ...body };
        return answer;
      }
      if (path === '/api/session') return json(200, state(user));
      throw new Error(`unexpected call ${path}`);
    }),
  );
  return calls;
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
    const saved: unknown[] = [];
    const calls = serve(start, (body) => {
      saved.push(body);
      return json(200, { ...body, id: ME, isSelf: true });
    });
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
    expect(saved).toEqual([{ locale: 'en', lastProjectId: GALA }]);
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    // The session asked again after the save: the menu and `/` follow the project opened first.
    expect(calls.slice(calls.indexOf(`PUT /api/users/${ME}/settings`))).toContain('GET /api/session');
    expect(onClose).toHaveBeenCalledOnce();
  }, 20_000);

  it('in English, writes a refusal of the server under its field and stays open', async () => {
    const user = userEvent.setup();
    const start = me({ locale: 'en', lastProjectId: null });
    serve(start, () =>
      json(400, {
        status: 400,
        code: 'validation',
        title: 'Some fields are invalid.',
        requestId: 'r1',
        fields: [
          {
            field: 'lastProjectId',
            code: 'validation.projectUnknown',
            message: 'This project does not exist in the company.',
          },
        ],
      }),
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
