import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ParticipantImport } from '../../../contracts/participant-import';
import { renderWithProviders } from '../../../tests/support/render';
import { showError } from '../../components/feedback/error-dialog';
import { queryClient } from '../../lib/query-client';
import { ImportSteps } from './participant-import-page';

vi.mock('../../components/feedback/error-dialog', () => ({ showError: vi.fn() }));

const PROJECT = '00000000-0000-4000-8000-000000000001';
const IMPORT = '00000000-0000-4000-8000-0000000000c1';
const IMPORT_URL = `/api/projects/${PROJECT}/participant-imports/${IMPORT}`;

const uploaded: ParticipantImport = {
  id: IMPORT,
  fileName: 'participants.csv',
  status: 'uploaded',
  progress: 0,
  columns: ['Courriel'],
  mapping: ['email'],
  targets: [{ key: 'email', label: { fr: 'Courriel', en: 'E-mail' } }],
  summary: { create: 0, update: 0, unchanged: 0, skip: 0 },
  rows: [],
  page: 1,
  total: 0,
  error: null,
  sendInscription: false,
  updatedAt: '2026-11-25T12:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const expired = () =>
  json(410, {
    status: 410,
    code: 'participantImport.expired',
    title: 'Cet import a expiré ; téléversez le fichier de nouveau.',
  });

/**
 * The server of one import: read as uploaded until its mapping is sent, which `mapping` answers; once that answer
 * was 410, the import reads as expired too.
 */
function serve(mapping: () => Response) {
  let gone = false;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/settings')) return json(200, { retentionDays: 7 });
    if (url.startsWith(`${IMPORT_URL}/mapping`)) {
      const response = mapping();
      gone = response.status === 410;
      return response;
    }
    if (url.startsWith(IMPORT_URL)) return gone ? expired() : json(200, uploaded);
    return json(404, { status: 404, code: 'notFound' });
  });
}

beforeEach(() => {
  queryClient.clear();
  vi.mocked(showError).mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the import page, when the import expired during a step', () => {
  it('shows « Import expiré » with the button to upload the file again, and no error popup', async () => {
    serve(expired);
    const onRestart = vi.fn();
    renderWithProviders(<ImportSteps projectId={PROJECT} importId={IMPORT} onRestart={onRestart} />, {
      queryClient,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Analyser' }));
    expect(await screen.findByText('Import expiré')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Téléverser le fichier de nouveau' }));
    expect(onRestart).toHaveBeenCalledOnce();
    expect(showError).not.toHaveBeenCalled();
  });

  it('still opens the error popup for another failure of the step', async () => {
    serve(() => json(500, { status: 500, code: 'unexpected' }));
    renderWithProviders(<ImportSteps projectId={PROJECT} importId={IMPORT} onRestart={() => {}} />, {
      queryClient,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Analyser' }));
    await waitFor(() => expect(showError).toHaveBeenCalledOnce());
    expect(screen.queryByText('Import expiré')).toBeNull();
  });
});
