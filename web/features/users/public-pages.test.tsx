import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, problem, sentTo } from '../../../tests/support/fake-api';
import { renderRoute } from '../../../tests/support/render';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { sessionQuery } from '../session/api';
import { InvitationPage, ResetPasswordPage } from './public-pages';

const TOKEN = 'k3Vx9QpL2mZt7RbN4sWy8JdF6hGc1AeU0iOo5PqXv';
const INVITATION = `/api/invitations/${TOKEN}`;
const invitation = (locale: 'fr' | 'en') => () =>
  json(200, { email: 'noa@maillage.test', firstName: 'Noa', companyName: 'Événements Maillage', locale });

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

const openInvitation = () =>
  renderRoute(InvitationPage, { path: '/invitation/$token', params: { token: TOKEN }, language: 'fr' });

/** Types the new password twice; a paste, as a password manager would. */
async function choose(user: ReturnType<typeof userEvent.setup>, labels: [RegExp, RegExp], password: string) {
  await user.click(screen.getByLabelText(labels[0]));
  await user.paste(password);
  await user.click(screen.getByLabelText(labels[1]));
  await user.paste(password);
}

describe('the invitation and reset pages (A1, no session)', () => {
  it('refuses a common password with its translated message under the field (French)', async () => {
    const user = userEvent.setup();
    fakeServer({
      [`GET ${INVITATION}`]: invitation('fr'),
      [`POST ${INVITATION}`]: () =>
        problem(400, 'validation', 'Certains champs sont invalides.', [
          {
            field: 'password',
            code: 'users.validation.passwordCommon',
            message: 'Ce mot de passe est trop courant : choisissez-en un autre.',
          },
        ]),
    });
    await openInvitation();
    await screen.findByRole('heading', { name: 'Bienvenue chez Événements Maillage' });
    expect(
      screen.getByText('Bonjour Noa, choisissez le mot de passe de votre compte noa@maillage.test.'),
    ).toBeTruthy();
    await choose(user, [/^Mot de passe/, /^Confirmez le mot de passe/], 'motdepasse1');
    await user.click(screen.getByRole('button', { name: 'Créer mon mot de passe' }));

    const error = await screen.findByText('Ce mot de passe est trop courant : choisissez-en un autre.');
    const password = screen.getByLabelText(/^Mot de passe/);
    expect(password.getAttribute('aria-describedby')).toContain(error.id);
    expect(queryClient.getQueryData(sessionQuery.queryKey)).toBeUndefined();
  }, 20_000);

  it('speaks the invitee’s language, and signs them in once the password is chosen (English)', async () => {
    const user = userEvent.setup();
    const signedIn = {
      user: { id: '00000000-0000-4000-8000-0000000000d1', email: 'noa@maillage.test', locale: 'en' },
      csrfToken: 'csrf',
      session: { timeWarn: false, timeClose: false, expiresAt: null, checkSeconds: 60 },
    };
    const calls = fakeServer({
      [`GET ${INVITATION}`]: invitation('en'),
      [`POST ${INVITATION}`]: () => json(200, signedIn),
    });
    const { router } = await openInvitation();
    await screen.findByRole('heading', { name: 'Welcome to Événements Maillage' });
    expect(i18n.language).toBe('en');
    await choose(user, [/^Password/, /^Confirm the password/], 'Lanterne-Bleue-2026');
    await user.click(screen.getByRole('button', { name: 'Create my password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sentTo(calls, `POST ${INVITATION}`)).toEqual([{ password: 'Lanterne-Bleue-2026' }]);
    expect(queryClient.getQueryData(sessionQuery.queryKey)).toMatchObject({
      user: { email: 'noa@maillage.test' },
    });
  }, 20_000);

  it('says so when a reset link has expired, with no form (English)', async () => {
    fakeServer({
      [`GET /api/password-reset/${TOKEN}`]: () =>
        problem(
          404,
          'users.linkOver',
          'This link no longer works: it was already used, replaced or has expired.',
        ),
    });
    await renderRoute(ResetPasswordPage, {
      path: '/reset-password/$token',
      params: { token: TOKEN },
      language: 'en',
    });
    expect(screen.getByRole('heading', { name: 'New password' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link no longer works: it was already used, replaced or has expired.',
    );
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save and sign in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign-in' }).getAttribute('href')).toBe('/sign-in');
  }, 20_000);
});
