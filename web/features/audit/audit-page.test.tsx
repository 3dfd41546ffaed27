import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '../../../contracts/audit';
import { type Call, fakeServer, json } from '../../../tests/support/fake-api';
import { renderRoute } from '../../../tests/support/render';
import { AuditPage } from './audit-page';

const PROJECT = '00000000-0000-4000-8000-0000000000a1';
const CAMILLE = '00000000-0000-4000-8000-0000000000c1';

const event = (n: number, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  at: '2026-11-20T19:05:00.000Z',
  actorName: 'Camille Gagnon',
  actorUserId: CAMILLE,
  projectId: PROJECT,
  projectName: 'Journée B2B',
  entity: 'participant',
  entityId: null,
  entityLabel: `Léa Roy ${n}`,
  action: 'update',
  fields: ['lastName', 'organisation'],
  count: 1,
  ...overrides,
});

/** What the list endpoint was asked, one query string per call. */
let calls: Call[];
const asked = () => calls.filter((c) => c.path === '/api/audit').map((c) => c.query);
beforeEach(() => {
  calls = fakeServer({
    'GET /api/audit/actors': () => json(200, [{ id: CAMILLE, name: 'Camille Gagnon' }]),
    'GET /api/access/projects': () =>
      json(200, { items: [{ id: PROJECT, nameFr: 'Journée B2B', nameEn: 'B2B Day' }] }),
    'GET /api/audit': ({ query: params }) => {
      // 30 events in all; none of the kind « vente » / sale.
      if (params.get('entity') === 'sale') return json(200, { items: [], page: 1, pageSize: 25, total: 0 });
      const page = Number(params.get('page') ?? 1);
      const items = Array.from({ length: page === 1 ? 25 : 5 }, (_, i) => event((page - 1) * 25 + i + 1));
      if (page === 1) items[1] = event(2, { entity: 'activity', action: 'import', count: 12, fields: [] });
      return json(200, { items, page, pageSize: 25, total: 30 });
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => (c.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '));

describe('the audit log page (issue 22)', () => {
  it('lists the events in French: date, author, project, record, name or count, action, fields; pages', async () => {
    const user = userEvent.setup();
    const { router } = await renderRoute(AuditPage, { language: 'fr', path: '/admin/audit' });
    const table = await screen.findByRole('table', { name: 'Journal des modifications' });
    const rows = (await within(table).findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(25);
    expect(cells(rows[0])).toEqual([
      expect.stringMatching(/^20 nov\. 2026, \d\d h 05$/),
      'Camille Gagnon',
      'Journée B2B',
      'Participant',
      'Léa Roy 1',
      'Modification',
      'lastName, organisation',
    ]);
    expect(cells(rows[1]).slice(3, 6)).toEqual(['Activité', '12 enregistrements', 'Importation']);
    expect(screen.getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href')).toBe(
      '/api/audit/export.csv',
    );

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2 }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
  }, 20_000);

  it('filters in English, says when nothing matches, and clears the filters', async () => {
    const user = userEvent.setup();
    const { router } = await renderRoute(AuditPage, { language: 'en', path: '/admin/audit' });
    await screen.findByRole('table', { name: 'Audit log' });
    await user.click(screen.getByTestId('entity-filter'));
    await user.click(await screen.findByRole('option', { name: 'Sale' }));
    await screen.findByText('No change matches these filters.');
    expect(router.state.location.search).toMatchObject({ entity: 'sale' });
    expect(asked().at(-1)?.get('entity')).toBe('sale');
    expect(screen.getByRole('link', { name: 'Export as CSV' }).getAttribute('href')).toContain('entity=sale');

    await user.click(screen.getByTestId('actor-filter'));
    await user.click(await screen.findByRole('option', { name: 'Camille Gagnon' }));
    await waitFor(() => expect(asked().at(-1)?.get('actor')).toBe(CAMILLE));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(asked().at(-1)?.get('entity')).toBeNull());
    expect((await screen.findAllByText('Changed')).length).toBeGreaterThan(0);
  }, 20_000);

  it('shows an empty log plainly', async () => {
    vi.unstubAllGlobals();
    fakeServer({
      'GET /api/audit': () => json(200, { items: [], page: 1, pageSize: 25, total: 0 }),
      'GET /api/audit/actors': () => json(200, []),
      'GET /api/access/projects': () => json(200, { items: [] }),
    });
    await renderRoute(AuditPage, { language: 'fr', path: '/admin/audit' });
    await screen.findByText('Aucune modification n’a encore été enregistrée.');
  }, 20_000);
});
