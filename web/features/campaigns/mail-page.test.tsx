import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../tests/support/render';
import { MailPage } from './mail-page';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const base = `/api/projects/${PROJECT}`;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const empty = { items: [], page: 1, pageSize: 25, total: 0 };
const READS: Record<string, unknown> = {
  [base]: { id: PROJECT, timeZone: 'America/Toronto' },
  [`${base}/groups`]: { categories: [] },
  [`${base}/activities`]: empty,
  [`${base}/participants`]: empty,
  [`${base}/campaigns`]: empty,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => json(READS[String(input).split('?')[0]] ?? {})),
  );
});
afterEach(() => vi.unstubAllGlobals());

const open = (language: 'fr' | 'en', search: Record<string, unknown>) =>
  renderRoute(MailPage, {
    language,
    path: '/projects/$projectId/mail',
    params: { projectId: PROJECT },
    search,
  });

describe('the e-mail page', () => {
  it('keeps its tab in the address, the compose tab first', async () => {
    const { router } = await open('fr', {});
    await screen.findByRole('heading', { name: 'Courriels' });
    expect(screen.getByRole('tab', { name: 'Rédiger' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('tab', { name: 'Journal des envois' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'log' }));
    await screen.findByText(
      'Aucun envoi pour l’instant : les courriels envoyés ou planifiés s’afficheront ici.',
    );
  }, 20_000);

  it('opens the tab the address names, in English', async () => {
    await open('en', { tab: 'log' });
    expect((await screen.findByRole('tab', { name: 'Send log' })).getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('table', { name: 'Send log' });
  }, 20_000);
});
