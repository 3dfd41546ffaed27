import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityImport } from '../../../../contracts/activity-import';
import { renderWithProviders } from '../../../../tests/support/render';
import { queryClient } from '../../../lib/query-client';
import { KindImportSteps } from '../../spreadsheet-import/import-page';
import { activityImportUi } from './activity-import-api';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const IMPORT = '00000000-0000-4000-8000-0000000000c2';
const IMPORT_URL = `/api/projects/${PROJECT}/activity-imports/${IMPORT}`;

const ready: ActivityImport = {
  id: IMPORT,
  fileName: 'activites.csv',
  status: 'ready',
  progress: 100,
  columns: ['Titre FR', 'Début'],
  mapping: ['titleFr', 'startsAt'],
  targets: [
    { key: 'titleFr', label: { fr: 'Titre FR', en: 'Title FR' } },
    { key: 'startsAt', label: { fr: 'Début', en: 'Start' } },
  ],
  summary: { create: 2, update: 0, unchanged: 0, skip: 1 },
  rows: [
    { line: 2, action: 'create', reasons: [], title: 'Conférence d’ouverture', start: '2027-06-01 09:00' },
    { line: 3, action: 'create', reasons: [], title: 'Atelier', start: '2027-06-01 11:00' },
    {
      line: 4,
      action: 'skip',
      reasons: ['Début : 02:30 n’existe pas le 2027-03-14 dans le fuseau America/Toronto.'],
      title: 'Nuit courte',
      start: '2027-03-14 02:30',
    },
  ],
  page: 1,
  total: 3,
  error: null,
  sendInscription: false,
  updatedAt: '2026-11-25T12:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  queryClient.clear();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/settings')) return json(200, { retentionDays: 7 });
    if (url.startsWith(IMPORT_URL)) return json(200, ready);
    return json(404, { status: 404, code: 'notFound' });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the activity import page (V1), on the import engine’s components', () => {
  it('shows each row’s title and start with its reasons, and confirms the save without an inscription e-mail', async () => {
    renderWithProviders(
      <KindImportSteps kind={activityImportUi} projectId={PROJECT} importId={IMPORT} onRestart={() => {}} />,
      { queryClient },
    );
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Titre' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Début' })).toBeTruthy();
    expect(within(table).getByText('2027-03-14 02:30')).toBeTruthy();
    expect(within(table).getByText(/n’existe pas le 2027-03-14/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer l’import' }));
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByText(/2 activités seront créées\./)).toBeTruthy();
    expect(within(modal).queryByRole('checkbox')).toBeNull();
  });
});
