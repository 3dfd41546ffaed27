import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccessUser } from '../../../contracts/access';
import { en, fr } from '../../../locales';
import { type Call, cells, fakeServer, json, page, problem, sentTo } from '../../../tests/support/fake-api';
import { renderRoute } from '../../../tests/support/render';
import { ErrorDialog } from '../../components/feedback/error-dialog';
import { queryClient } from '../../lib/query-client';
import { AccessPage } from './access-page';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const B2B = { id: id(101), nameFr: 'Journée B2B', nameEn: 'B2B Day' };
const GALA = { id: id(102), nameFr: 'Soirée gala', nameEn: 'Gala evening' };
const someone = (n: number, firstName: string, role: AccessUser['role'], more: Partial<AccessUser> = {}) => ({
  id: id(n),
  firstName,
  lastName: 'Roy',
  email: `${firstName.toLowerCase()}@maillage.test`,
  isSuperAdmin: false,
  role,
  allProjects: true,
  projects: [],
  ...more,
});
const CAMILLE = someone(1, 'Camille', 'administrator', { isSuperAdmin: true });
const SAM = someone(2, 'Sam', 'organiser');
const LOU = someone(3, 'Lou', 'readonly', {
  allProjects: false,
  projects: [{ projectId: B2B.id, nameFr: B2B.nameFr, nameEn: B2B.nameEn, role: 'readonly' }],
});
const MAX = someone(4, 'Max', 'organiser', { allProjects: false });

function serve(routes: Record<string, (call: Call) => Response>) {
  return fakeServer({
    'GET /api/access/users': () => page([CAMILLE, SAM, LOU, MAX]),
    'GET /api/access/projects': () => json(200, { items: [B2B, GALA] }),
    ...routes,
  });
}

/** The page as the app shows it: failures the page leaves to the app end in its one error popup (P8). */
const open = (language: 'fr' | 'en') =>
  renderRoute(
    () => (
      <>
        <AccessPage />
        <ErrorDialog />
      </>
    ),
    { language, path: '/admin/access', under: 'app', queryClient },
  );

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('Administration › Contrôle d’accès / Access control (A4)', () => {
  it('lists roles and scopes, and restricts an organiser to one project, read-only (French)', async () => {
    const user = userEvent.setup();
    const calls = serve({
      [`PUT /api/access/users/${SAM.id}`]: ({ body }) => json(200, { ...SAM, ...(body as object) }),
    });
    await open('fr');
    const table = await screen.findByRole('table', { name: 'Contrôle d’accès' });
    const rows = (await within(table).findAllByRole('row')).slice(1);
    expect(rows.map((r) => cells(r).slice(0, 4))).toEqual([
      ['Camille RoySuper-administrateur', 'camille@maillage.test', 'Administrateur', 'Tous les projets'],
      ['Sam Roy', 'sam@maillage.test', 'Organisateur', 'Tous les projets'],
      ['Lou Roy', 'lou@maillage.test', 'Lecture seule', 'Journée B2B (Lecture seule)'],
      ['Max Roy', 'max@maillage.test', 'Organisateur', 'Aucun projet'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Modifier l’accès — Sam Roy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accès de Sam Roy' });
    expect(within(dialog).getByRole('radio', { name: /^Organisateur/ })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('radio', { name: 'Seulement les projets choisis' }));
    expect(within(dialog).getByText('Aucun projet')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Projet à ajouter' }));
    await user.click(await screen.findByRole('option', { name: 'Journée B2B' }));
    await user.click(within(dialog).getByRole('button', { name: 'Donner l’accès' }));
    expect(within(dialog).getByRole('combobox', { name: 'Rôle dans Journée B2B' })).toHaveProperty(
      'value',
      'Lecture seule',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Accès enregistré.')).toBeTruthy();
    expect(sentTo(calls, `PUT /api/access/users/${SAM.id}`)).toEqual([
      { role: 'organiser', allProjects: false, projects: [{ projectId: B2B.id, role: 'readonly' }] },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 20_000);

  it('shows the refusal to demote the last administrator in the language of the screen (English)', async () => {
    const user = userEvent.setup();
    const calls = serve({
      [`PUT /api/access/users/${CAMILLE.id}`]: ({ language }) =>
        problem(409, 'access.lastAdministrator', { fr, en }[language].errors.access.lastAdministrator),
    });
    await open('en');
    await screen.findByRole('table', { name: 'Access control' });
    await user.click(screen.getByRole('button', { name: 'Edit access — Camille Roy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Access of Camille Roy' });
    await user.click(within(dialog).getByRole('radio', { name: /^Organiser/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const popup = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(within(popup).getByTestId('error-message').textContent).toBe(
      'This person is the company’s last administrator: make someone else an administrator first, or nobody could manage users and access any more.',
    );
    expect(calls.at(-1)?.language).toBe('en');
    expect(screen.queryByText('Access saved.')).toBeNull();
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    // The edition stays open with the choice made, to be changed or cancelled.
    expect(within(dialog).getByRole('radio', { name: /^Organiser/ })).toHaveProperty('checked', true);
  }, 20_000);
});
