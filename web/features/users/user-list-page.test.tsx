import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserItem } from '../../../contracts/users';
import {
  type Call,
  cells,
  fakeServer,
  json,
  page,
  problem,
  sentTo,
  text,
} from '../../../tests/support/fake-api';
import { renderRoute } from '../../../tests/support/render';
import { UserListPage } from './user-list-page';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const person = (n: number, firstName: string, lastName: string, role: UserItem['role']): UserItem => ({
  id: id(n),
  email: `${firstName.toLowerCase()}@maillage.test`,
  firstName,
  lastName,
  role,
  status: 'active',
  locale: 'fr',
  lastProjectId: null,
  lastSignInAt: '2026-11-20T19:05:00.000Z',
  invitationExpiresAt: null,
  isSelf: false,
});

const CAMILLE = { ...person(1, 'Camille', 'Gagnon', 'administrator'), isSelf: true };
const JORDAN = person(2, 'Jordan', 'Tremblay', 'administrator');
const ALEX: UserItem = {
  ...person(3, 'Alex', 'Martin', 'organiser'),
  status: 'invited',
  lastSignInAt: null,
  invitationExpiresAt: '2026-12-04T15:00:00.000Z',
};
const LEA = person(23, 'Léa', 'Roy', 'readonly');
/** 30 users in the server's order, by role: 2 administrators, 20 organisers, 8 read-only. */
const EVERYONE = [
  CAMILLE,
  JORDAN,
  ALEX,
  ...Array.from({ length: 19 }, (_, i) => person(4 + i, `Orga${i + 4}`, 'Roy', 'organiser')),
  LEA,
  ...Array.from({ length: 7 }, (_, i) => person(24 + i, `Lecteur${i + 24}`, 'Roy', 'readonly')),
];

/** The server of the page: `users` in its order (a short list where paging is not the point), and `routes`. */
function serve(users: UserItem[], routes: Record<string, (call: Call) => Response> = {}) {
  return fakeServer({
    'GET /api/users': ({ query }) => {
      const n = Number(query.get('page') ?? 1);
      return page(users.slice((n - 1) * 25, n * 25), users.length, n);
    },
    'GET /api/projects': () => page([]),
    ...routes,
  });
}
const FEW = [CAMILLE, JORDAN, ALEX, LEA];

afterEach(() => vi.unstubAllGlobals());

const open = (language: 'fr' | 'en') =>
  renderRoute(UserListPage, { language, path: '/admin/users', under: 'app' });
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
/** Replaces a field's text as a user pasting it would (typing key by key costs seconds in jsdom). */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await user.clear(input);
  await user.paste(value);
}

describe('Administration › Utilisateurs / Users (A1)', () => {
  it('lists the users by role in French, with their status, and pages', async () => {
    const user = userEvent.setup();
    serve(EVERYONE);
    const { router } = await open('fr');
    const table = await screen.findByRole('table', { name: 'Utilisateurs' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(25));
    const rows = rowsOf(table);
    expect(cells(rows[0]).slice(0, 5)).toEqual([
      'Camille Gagnon (vous)',
      'camille@maillage.test',
      'Administrateur',
      expect.stringMatching(/^20 nov\. 2026, \d\d h 05$/),
      'Actif',
    ]);
    expect(cells(rows[2]).slice(0, 5)).toEqual([
      'Alex Martin',
      'alex@maillage.test',
      'Organisateur',
      'Jamais',
      'Invité jusqu’au 4 déc. 2026',
    ]);
    // Grouped by role: the administrators, then the organisers, then read-only.
    const roles = rows.map((r) => cells(r)[2]);
    expect([...new Set(roles)]).toEqual(['Administrateur', 'Organisateur', 'Lecture seule']);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rowsOf(table)).toHaveLength(5));
    expect(router.state.location.search).toMatchObject({ page: 2 });
    expect(cells(rowsOf(table)[4])[0]).toBe('Lecteur30 Roy');
  }, 20_000);

  it('invites a colleague in English: a refused e-mail under its field, then the notice', async () => {
    const user = userEvent.setup();
    let taken = true;
    const calls = serve(FEW, {
      'POST /api/users/invitations': ({ body }) => {
        if (taken) {
          taken = false;
          return problem(400, 'validation', 'Some fields are invalid.', [
            {
              field: 'email',
              code: 'users.validation.emailTaken',
              message: 'A user already has this e-mail.',
            },
          ]);
        }
        return json(200, {
          ...person(40, 'Noa', 'Roy', 'organiser'),
          ...(body as object),
          status: 'invited',
        });
      },
    });
    await open('en');
    await screen.findByRole('table', { name: 'Users' });
    await user.click(screen.getByRole('button', { name: 'Invite a user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'First name' }), 'Noa');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Last name' }), 'Roy');
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await fill(user, email, 'jordan@maillage.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));

    const error = await within(dialog).findByText('A user already has this e-mail.');
    expect(email.getAttribute('aria-describedby')).toContain(error.id);
    expect(email.getAttribute('aria-invalid')).toBe('true');

    await fill(user, email, 'noa@maillage.test');
    const send = within(dialog).getByRole('button', { name: 'Send the invitation' });
    // P8: a second click within a second of the first is ignored.
    await waitFor(() => expect(send.hasAttribute('data-guarded')).toBe(false), { timeout: 2000 });
    await user.click(send);
    expect(await screen.findByText('Invitation sent to noa@maillage.test.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentTo(calls, 'POST /api/users/invitations').at(-1)).toEqual({
      firstName: 'Noa',
      lastName: 'Roy',
      email: 'noa@maillage.test',
      role: 'organiser',
      locale: 'en',
    });
  }, 20_000);

  it('edits a user, shows a new PIN once, and deletes only once confirmed (French)', async () => {
    const user = userEvent.setup();
    const calls = serve(FEW, {
      [`PUT /api/users/${JORDAN.id}`]: ({ body }) => json(200, { ...JORDAN, ...(body as object) }),
      [`POST /api/users/${JORDAN.id}/pin`]: () =>
        json(200, { pin: '482913', expiresAt: '2026-11-30T03:00:00.000Z' }),
      [`DELETE /api/users/${LEA.id}`]: () => json(200, { ok: true }),
    });
    await open('fr');
    const table = await screen.findByRole('table', { name: 'Utilisateurs' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(4));

    // Edit: a row opens its edition with the user's values.
    await user.click(within(table).getByText('Jordan Tremblay'));
    const edit = await screen.findByRole('dialog', { name: 'Modifier l’utilisateur' });
    const lastName = within(edit).getByRole('textbox', { name: 'Nom de famille' });
    expect((lastName as HTMLInputElement).value).toBe('Tremblay');
    await fill(user, lastName, 'Bouchard');
    await user.click(within(edit).getAllByRole('button', { name: 'Enregistrer' })[0]);
    expect(await screen.findByText('Utilisateur enregistré.')).toBeTruthy();
    expect(sentTo(calls, `PUT /api/users/${JORDAN.id}`)).toEqual([
      { firstName: 'Jordan', lastName: 'Bouchard', email: 'jordan@maillage.test', role: 'administrator' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // PIN: confirmed, then shown once.
    await user.click(screen.getByRole('button', { name: 'Actions — Jordan Tremblay' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Générer un NIP' }));
    const confirmPin = await screen.findByRole('dialog', { name: 'Générer un NIP' });
    await user.click(within(confirmPin).getByRole('button', { name: 'Générer un NIP' }));
    const shown = await screen.findByRole('dialog', { name: 'NIP de Jordan Tremblay' });
    expect(within(shown).getByTestId('pin').textContent).toBe('482913');
    expect(text(shown)).toContain('Notez ce NIP maintenant : il ne sera plus affiché.');
    // The button under the PIN (the title's cross is named « Fermer » too).
    const close = within(shown).getAllByRole('button', { name: 'Fermer' });
    await user.click(close.find((b) => text(b) === 'Fermer') ?? close[0]);
    await waitFor(() => expect(screen.queryByText('482913')).toBeNull());

    // Delete: nothing is sent until confirmed.
    await user.click(screen.getByRole('button', { name: 'Actions — Léa Roy' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Supprimer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer l’utilisateur' });
    expect(text(confirm)).toContain('Léa Roy ne pourra plus se connecter');
    expect(sentTo(calls, `DELETE /api/users/${LEA.id}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Utilisateur supprimé.')).toBeTruthy();
    expect(sentTo(calls, `DELETE /api/users/${LEA.id}`)).toHaveLength(1);
  }, 20_000);
});
