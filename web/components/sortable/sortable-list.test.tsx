import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { en, fr } from '../../../locales';
import { withLineLayout } from '../../../tests/support/line-layout';
import { renderWithProviders } from '../../../tests/support/render';
import { ApiError } from '../../lib/api';
import { ErrorDialog } from '../feedback/error-dialog';
import type { SortableOrder } from './order';
import { type SortableCategory, type SortableEntry, SortableList } from './sortable-list';

/** jsdom lays nothing out, and keyboard sorting moves by the entries' boxes: the page as a plain list reads. */
withLineLayout();

type Entry = SortableEntry;
type Category = SortableCategory<Entry, Entry>;
const entry = (label: string): Entry => ({ id: `id-${label}`, label });

/** A page holding the list as the server gave it; the server's order changes only when a save succeeds. */
function Page({
  initial,
  save,
}: {
  initial: { items: Entry[]; categories?: Category[] };
  save: (order: SortableOrder) => Promise<unknown>;
}) {
  const [data, setData] = useState(initial);
  const server = useRef(initial);
  return (
    <>
      <ErrorDialog />
      <SortableList<Entry, Entry>
        label="Liste"
        items={data.items}
        categories={data.categories}
        renderItem={(item) => <span data-testid="item">{item.label}</span>}
        renderCategory={(category) => <span data-testid="category">{category.label}</span>}
        onSave={async (order) => {
          const reply = await save(order);
          if (reply) {
            const { items, categories: held = [] } = server.current;
            const byId = new Map([...items, ...held.flatMap((c) => c.items)].map((i) => [i.id, i]));
            const categories = new Map(held.map((c) => [c.id, c]));
            server.current = {
              items: order.items.map((id) => byId.get(id) as Entry),
              categories: order.categories.map((c) => ({
                ...(categories.get(c.id) as Category),
                items: c.items.map((id) => byId.get(id) as Entry),
              })),
            };
          }
          return reply;
        }}
        onReload={() => setData(server.current)}
      />
    </>
  );
}

const labels = (testId: string) => screen.queryAllByTestId(testId).map((e) => e.textContent);

type Save = (order: SortableOrder) => Promise<unknown>;

function setup(
  initial: { items: Entry[]; categories?: Category[] },
  save = vi.fn<Save>(async () => ({ ok: true })),
) {
  const user = userEvent.setup();
  const view = renderWithProviders(<Page initial={initial} save={save} />);
  return { ...view, user, save };
}

describe('SortableList (P11)', () => {
  it('reorders by keyboard (space, arrow down, space) and saves the new order', async () => {
    const { user, save } = setup({ items: [entry('Alpha'), entry('Bravo'), entry('Charlie')] });
    const handle = screen.getByRole('button', { name: fill(fr.sorting.handle, { name: 'Alpha' }) });
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({ items: ['id-Bravo', 'id-Alpha', 'id-Charlie'], categories: [] });
    await waitFor(() => expect(labels('item')).toEqual(['Bravo', 'Alpha', 'Charlie']));
  });

  it('announces each step to screen readers, in the reader’s language', async () => {
    const { user } = setup({ items: [entry('Alpha'), entry('Bravo')] });
    const status = () => document.body.querySelector('[role="status"][aria-live]')?.textContent ?? '';
    screen.getByRole('button', { name: fill(fr.sorting.handle, { name: 'Alpha' }) }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(status()).toBe(
        fill(fr.sorting.announcements.moved, { name: 'Alpha', position: 2, total: 2, container: 'Liste' }),
      ),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(status()).toBe(fill(fr.sorting.announcements.cancelled, { name: 'Alpha' })));
  });

  it('names its handles in English too', () => {
    renderWithProviders(
      <SortableList label="List" items={[entry('Alpha')]} renderItem={(i) => i.label} onSave={vi.fn()} />,
      { language: 'en' },
    );
    const handle = screen.getByRole('button', { name: fill(en.sorting.handle, { name: 'Alpha' }) });
    expect(handle.getAttribute('aria-roledescription')).toBe(en.sorting.roleDescription);
  });

  it('moves an item into the next category by keyboard', async () => {
    const { user, save } = setup({
      items: [],
      categories: [
        { ...entry('Nouveautés'), items: [entry('N1'), entry('N2')] },
        { ...entry('Corrections'), items: [entry('C1')] },
      ],
    });
    screen.getByRole('button', { name: fill(fr.sorting.handle, { name: 'N2' }) }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const order = save.mock.calls[0][0];
    expect(order.categories).toEqual([
      { id: 'id-Nouveautés', items: ['id-N1'] },
      { id: 'id-Corrections', items: ['id-N2', 'id-C1'] },
    ]);
  });

  it('hides a category’s items while it is dragged, and moves it with them', async () => {
    const { user, save } = setup({
      items: [entry('Libre')],
      categories: [
        { ...entry('Nouveautés'), items: [entry('N1'), entry('N2')] },
        { ...entry('Corrections'), items: [entry('C1')] },
      ],
    });
    expect(labels('item')).toEqual(['Libre', 'N1', 'N2', 'C1']);
    screen.getByRole('button', { name: fill(fr.sorting.handle, { name: 'Nouveautés' }) }).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(labels('item')).toEqual(['Libre', 'C1']));
    expect(screen.getByText(fill(fr.sorting.itemsHidden_other, { count: 2 }))).toBeTruthy();
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({
      items: ['id-Libre'],
      categories: [
        { id: 'id-Corrections', items: ['id-C1'] },
        { id: 'id-Nouveautés', items: ['id-N1', 'id-N2'] },
      ],
    });
    await waitFor(() => expect(labels('category')).toEqual(['Corrections', 'Nouveautés']));
    expect(labels('item')).toEqual(['Libre', 'C1', 'N1', 'N2']);
  });

  it('puts the order back and shows the error when the save fails', async () => {
    const failing = vi.fn<Save>(async () => {
      throw new ApiError({
        status: 409,
        code: 'conflict',
        title: 'Le serveur a refusé.',
        requestId: 'req-7',
      });
    });
    const { user } = setup({ items: [entry('Alpha'), entry('Bravo')] }, failing);
    screen.getByRole('button', { name: fill(fr.sorting.handle, { name: 'Alpha' }) }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    const popup = await screen.findByRole('dialog', { name: fr.errors.title });
    expect(within(popup).getByTestId('error-message').textContent).toBe('Le serveur a refusé.');
    expect(failing).toHaveBeenCalledTimes(1);
    expect(labels('item')).toEqual(['Alpha', 'Bravo']);
    await user.click(within(popup).getByRole('button', { name: fr.common.ok }));
  });

  it('treats an empty reply as an error', async () => {
    const silent = vi.fn<Save>(async () => undefined);
    const { user } = setup({ items: [entry('Alpha'), entry('Bravo')] }, silent);
    screen.getByRole('button', { name: fill(fr.sorting.handle, { name: 'Alpha' }) }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    const popup = await screen.findByRole('dialog', { name: fr.errors.title });
    expect(within(popup).getByTestId('error-message').textContent).toBe(fr.sorting.errors.emptyReply);
    expect(labels('item')).toEqual(['Alpha', 'Bravo']);
    await user.click(within(popup).getByRole('button', { name: fr.common.ok }));
  });

  it('saves nothing when an entry is dropped where it was', async () => {
    const { user, save } = setup({ items: [entry('Alpha'), entry('Bravo')] });
    screen.getByRole('button', { name: fill(fr.sorting.handle, { name: 'Bravo' }) }).focus();
    await user.keyboard(' ');
    await user.keyboard(' ');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(save).not.toHaveBeenCalled();
    expect(labels('item')).toEqual(['Alpha', 'Bravo']);
  });
});

function fill(text: string, values: Record<string, string | number>) {
  return text.replace(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g, (_, key: string) => String(values[key] ?? ''));
}
