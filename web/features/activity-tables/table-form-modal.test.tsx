import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityTable } from '../../../contracts/activity-tables';
import type { Language } from '../../../contracts/http';
import { renderRoute } from '../../../tests/support/render';
import { i18n } from '../../lib/i18n';
import { TableFormModal } from './table-form-modal';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const CATEGORY = '00000000-0000-4000-8000-0000000000c1';
const TABLE: ActivityTable = {
  id: '00000000-0000-4000-8000-0000000000a1',
  number: 4,
  name: 'Érable',
  location: null,
  vip: true,
  seats: 8,
  assignedCount: 3,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's answers to the modal's calls, in order; every call sent is kept. */
let answers: Response[];
let sent: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  answers = [];
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      sent.push({ method, url: String(input), body: init.body ? JSON.parse(String(init.body)) : undefined });
      return answers.shift() ?? json(200, { ok: true, unassigned: 3 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function render(language: Language, table: ActivityTable | null, onClose = () => {}) {
  await renderRoute(
    () => (
      <TableFormModal
        projectId={PROJECT}
        categoryId={CATEGORY}
        table={table}
        nextNumber={7}
        onClose={onClose}
      />
    ),
    { language, path: '/projects/$projectId/tables', params: { projectId: PROJECT } },
  );
  const title = table
    ? i18n.t('activityTables.editTitle', { number: table.number })
    : i18n.t('activityTables.addTitle');
  return screen.findByRole('dialog', { name: title });
}

describe.each(['fr', 'en'] as const)('table modal (%s)', (language) => {
  it('asks in a popover, saying how many lose their table, before deleting', async () => {
    const onClose = vi.fn();
    const dialog = await render(language, TABLE, onClose);
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('activityTables.delete') }));
    const popover = await screen.findByTestId('delete-table-popover');
    expect(within(popover).getByText(i18n.t('activityTables.deleteQuestion', { number: 4 }))).toBeTruthy();
    expect(within(popover).getByText(i18n.t('activityTables.deleteLoses', { count: 3 }))).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.click(
      within(popover).getByRole('button', { name: i18n.t('activityTables.deleteConfirm') }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      { method: 'DELETE', url: `/api/projects/${PROJECT}/activity-tables/${TABLE.id}`, body: undefined },
    ]);
  });

  it('proposes the next number, and shows the server’s refusal under the number', async () => {
    const dialog = await render(language, null);
    const number = within(dialog).getByRole('textbox', {
      name: new RegExp(i18n.t('activityTables.fields.number')),
    });
    expect((number as HTMLInputElement).value).toBe('7');
    expect(within(dialog).queryByRole('button', { name: i18n.t('activityTables.delete') })).toBeNull();
    const message = i18n.t('validation.activityTables.numberTaken', { number: 7 });
    answers.push(
      json(400, {
        status: 400,
        code: 'validation',
        title: 'invalid',
        requestId: '1',
        fields: [{ field: 'number', code: 'validation.activityTables.numberTaken', message }],
      }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.create') }));
    const wrapper = number.closest('.mantine-InputWrapper-root') as HTMLElement;
    await within(wrapper).findByText(message);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: `/api/projects/${PROJECT}/activity-categories/${CATEGORY}/tables`,
      body: { number: 7, name: null, location: null, vip: false, seats: 8 },
    });
  });
});
