import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { type Column, DataTable, type DataTableProps, type ListData } from './data-table';
import type { ListState } from './list-search';

interface Person {
  id: string;
  name: string;
  city: string;
}

const people: Person[] = [
  { id: 'a', name: 'Alice Tremblay', city: 'Montréal' },
  { id: 'b', name: 'Benoît Gagnon', city: 'Québec' },
  { id: 'c', name: 'Chloé Roy', city: 'Gatineau' },
];

const columns: Column<Person>[] = [
  { key: 'name', header: 'Nom', sortKey: 'name', render: (p) => p.name },
  { key: 'city', header: 'Ville', sortKey: 'city', render: (p) => p.city },
  { key: 'note', header: 'Note', render: () => '' },
];

function listOf(items: Person[], total = items.length, page = 1, pageSize = 25): ListData<Person> {
  return { items, page, pageSize, total };
}

function setup(props: Partial<DataTableProps<Person>> = {}, language: 'fr' | 'en' = 'fr') {
  const onStateChange = vi.fn<(next: ListState) => void>();
  const user = userEvent.setup();
  const view = renderWithProviders(
    <DataTable<Person>
      label="Personnes"
      columns={columns}
      data={listOf(people)}
      isLoading={false}
      state={{}}
      onStateChange={onStateChange}
      getRowId={(p) => p.id}
      {...props}
    />,
    { language },
  );
  return { ...view, user, onStateChange };
}

/** The table with its selection kept in state, as a page would. */
function SelectableTable({ onSelection }: { onSelection: (ids: string[]) => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <DataTable<Person>
      label="Personnes"
      columns={columns}
      data={listOf(people)}
      isLoading={false}
      state={{}}
      onStateChange={() => {}}
      getRowId={(p) => p.id}
      selection={{
        selected,
        onChange: (ids) => {
          setSelected(ids);
          onSelection(ids);
        },
      }}
    />
  );
}

const searchBox = () => screen.getByRole('textbox', { name: 'Rechercher' });
const heading = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

describe('DataTable search (P5)', () => {
  it('applies the search on Enter only, back to the first page', async () => {
    const { user, onStateChange } = setup({ state: { page: 3, sort: 'name', dir: 'desc' } });
    await user.type(searchBox(), '  Alice ');
    expect(onStateChange).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    expect(onStateChange).toHaveBeenCalledTimes(1);
    const next = onStateChange.mock.calls[0][0];
    expect(next).toMatchObject({ q: 'Alice', sort: 'name', dir: 'desc' });
    expect(next.page).toBeUndefined();
  });

  it('clears the search with its button', async () => {
    const { user, onStateChange } = setup({ state: { q: 'Alice', page: 2 } });
    expect(searchBox()).toHaveProperty('value', 'Alice');

    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(searchBox()).toHaveProperty('value', '');
    expect(onStateChange).toHaveBeenCalledTimes(1);
    expect(onStateChange.mock.calls[0][0].q).toBeUndefined();
    expect(onStateChange.mock.calls[0][0].page).toBeUndefined();
  });

  it('shows the empty text without a search and the no-results text with one', () => {
    const { rerender, onStateChange } = setup({ data: listOf([]), emptyText: 'Aucune personne.' });
    expect(screen.getByText('Aucune personne.')).toBeTruthy();
    expect(screen.queryByText('Aucun résultat pour cette recherche.')).toBeNull();

    rerender(
      <DataTable<Person>
        label="Personnes"
        columns={columns}
        data={listOf([])}
        isLoading={false}
        state={{ q: 'zzz' }}
        onStateChange={onStateChange}
        getRowId={(p) => p.id}
        emptyText="Aucune personne."
      />,
    );
    expect(screen.getByText('Aucun résultat pour cette recherche.')).toBeTruthy();
    expect(screen.queryByText('Aucune personne.')).toBeNull();
  });

  it('shows a first step in an empty list, and the no-results text once something is searched', () => {
    const firstStep = <button type="button">Ajouter une personne</button>;
    const { rerender, onStateChange } = setup({ data: listOf([]), emptyState: firstStep });
    expect(screen.getByRole('button', { name: 'Ajouter une personne' })).toBeTruthy();
    rerender(
      <DataTable<Person>
        label="Personnes"
        columns={columns}
        data={listOf([])}
        isLoading={false}
        state={{ q: 'zzz' }}
        onStateChange={onStateChange}
        getRowId={(p) => p.id}
        emptyState={firstStep}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Ajouter une personne' })).toBeNull();
    expect(screen.getByText('Aucun résultat pour cette recherche.')).toBeTruthy();
  });

  it('falls back to the generic empty text', () => {
    setup({ data: listOf([]) });
    expect(screen.getByText('Aucun élément pour le moment.')).toBeTruthy();
  });
});

describe('DataTable sorting (P5)', () => {
  it('sorts a new column ascending, back to the first page', async () => {
    const { user, onStateChange } = setup({ state: { page: 4 } });
    await user.click(screen.getByRole('button', { name: 'Trier par Nom' }));
    expect(onStateChange).toHaveBeenCalledTimes(1);
    const next = onStateChange.mock.calls[0][0];
    expect(next).toMatchObject({ sort: 'name', dir: 'asc' });
    expect(next.page).toBeUndefined();
  });

  it('toggles to descending on the same column, and back to ascending', async () => {
    const { user, onStateChange, rerender } = setup({ state: { sort: 'name', dir: 'asc' } });
    await user.click(screen.getByRole('button', { name: 'Trier par Nom' }));
    expect(onStateChange.mock.calls[0][0]).toMatchObject({ sort: 'name', dir: 'desc' });

    rerender(
      <DataTable<Person>
        label="Personnes"
        columns={columns}
        data={listOf(people)}
        isLoading={false}
        state={{ sort: 'name', dir: 'desc' }}
        onStateChange={onStateChange}
        getRowId={(p) => p.id}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Trier par Nom' }));
    expect(onStateChange.mock.calls[1][0]).toMatchObject({ sort: 'name', dir: 'asc' });
  });

  it('sorts another column ascending even when the current sort is descending', async () => {
    const { user, onStateChange } = setup({ state: { sort: 'name', dir: 'desc' } });
    await user.click(screen.getByRole('button', { name: 'Trier par Ville' }));
    expect(onStateChange.mock.calls[0][0]).toMatchObject({ sort: 'city', dir: 'asc' });
  });

  it('marks the sorted heading with aria-sort, and only that one', () => {
    const { rerender, onStateChange } = setup({ state: { sort: 'city', dir: 'asc' } });
    expect(heading('Ville').getAttribute('aria-sort')).toBe('ascending');
    expect(heading('Nom').getAttribute('aria-sort')).toBeNull();

    rerender(
      <DataTable<Person>
        label="Personnes"
        columns={columns}
        data={listOf(people)}
        isLoading={false}
        state={{ sort: 'city', dir: 'desc' }}
        onStateChange={onStateChange}
        getRowId={(p) => p.id}
      />,
    );
    expect(heading('Ville').getAttribute('aria-sort')).toBe('descending');
  });

  it('offers no sort button on a column without a sort key', () => {
    setup();
    expect(heading('Note').getAttribute('aria-sort')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Trier par Note' })).toBeNull();
  });
});

describe('DataTable paging (P5)', () => {
  it('offers 25, 50, 75 and 100 rows per page; changing it goes back to the first page', async () => {
    const { user, onStateChange } = setup({ state: { page: 3 }, data: listOf(people, 300, 3) });
    await user.click(screen.getByRole('combobox', { name: 'Lignes par page' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['25', '50', '75', '100']);

    await user.click(screen.getByRole('option', { name: '50' }));
    expect(onStateChange).toHaveBeenCalledTimes(1);
    const next = onStateChange.mock.calls[0][0];
    expect(next.pageSize).toBe(50);
    expect(next.page).toBeUndefined();
  });

  it('shows no pagination when everything fits on one page', () => {
    setup({ data: listOf(people, 3) });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(screen.getByTestId('table-range').textContent).toBe('1–3 sur 3');
  });

  it('shows every page when there are few', () => {
    setup({ state: { page: 2 }, data: listOf(people, 60, 2) });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const pages = within(nav)
      .getAllByRole('button', { name: /^Page \d+$/ })
      .map((b) => b.textContent);
    expect(pages).toEqual(['1', '2', '3']);
    expect(nav.textContent).not.toContain('…');
  });

  it('follows the window with ellipses when there are many pages, the current one marked', async () => {
    const { user, onStateChange } = setup({ state: { page: 5 }, data: listOf(people, 250, 5) });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const pages = within(nav)
      .getAllByRole('button', { name: /^Page \d+$/ })
      .map((b) => b.textContent);
    expect(pages).toEqual(['1', '4', '5', '6', '10']);
    expect(nav.textContent?.match(/…/g)).toHaveLength(2);

    const current = within(nav).getByRole('button', { name: 'Page 5' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Page 4' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByTestId('table-range').textContent).toBe('101–125 sur 250');

    await user.click(within(nav).getByRole('button', { name: 'Page 10' }));
    expect(onStateChange.mock.calls[0][0].page).toBe(10);
    await user.click(within(nav).getByRole('button', { name: 'Page suivante' }));
    expect(onStateChange.mock.calls[1][0].page).toBe(6);
    await user.click(within(nav).getByRole('button', { name: 'Page précédente' }));
    expect(onStateChange.mock.calls[2][0].page).toBe(4);
  });

  it('disables previous on the first page and next on the last', () => {
    const { rerender, onStateChange } = setup({ data: listOf(people, 100) });
    const nav = () => screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav()).getByRole('button', { name: 'Page précédente' })).toHaveProperty('disabled', true);
    expect(within(nav()).getByRole('button', { name: 'Page suivante' })).toHaveProperty('disabled', false);

    rerender(
      <DataTable<Person>
        label="Personnes"
        columns={columns}
        data={listOf(people, 100, 4)}
        isLoading={false}
        state={{ page: 4 }}
        onStateChange={onStateChange}
        getRowId={(p) => p.id}
      />,
    );
    expect(within(nav()).getByRole('button', { name: 'Page suivante' })).toHaveProperty('disabled', true);
  });
});

describe('DataTable rows (P5)', () => {
  it('opens a row on click and on Enter when the row has the focus', async () => {
    const onRowClick = vi.fn();
    const { user } = setup({ onRowClick });
    const row = screen.getByRole('row', { name: /Benoît Gagnon/ });

    await user.click(within(row).getByText('Québec'));
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect(onRowClick).toHaveBeenLastCalledWith(people[1]);

    row.focus();
    expect(document.activeElement).toBe(row);
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledTimes(2);
    expect(onRowClick).toHaveBeenLastCalledWith(people[1]);
  });

  it('leaves a click on a link of the row to the link: the row does not open a second time', async () => {
    const onRowClick = vi.fn();
    const followed = vi.fn();
    const withLink: Column<Person>[] = [
      {
        key: 'name',
        header: 'Nom',
        render: (p) => (
          <a
            href={`/people/${p.id}`}
            onClick={(event) => {
              event.preventDefault();
              followed(p.id);
            }}
          >
            {p.name}
          </a>
        ),
      },
      ...columns.slice(1),
    ];
    const { user } = setup({ onRowClick, columns: withLink });
    const row = screen.getByRole('row', { name: /Benoît Gagnon/ });

    const link = within(row).getByRole('link', { name: 'Benoît Gagnon' });
    expect(link.getAttribute('href')).toBe('/people/b');
    await user.click(link);
    expect(followed).toHaveBeenCalledWith('b');
    expect(onRowClick).not.toHaveBeenCalled();

    await user.click(within(row).getByText('Québec'));
    expect(onRowClick).toHaveBeenCalledWith(people[1]);
  });

  it('does not make rows focusable when they open nothing', () => {
    setup();
    const row = screen.getByRole('row', { name: /Benoît Gagnon/ });
    expect(row.getAttribute('tabindex')).toBeNull();
  });
});

describe('DataTable selection (P5)', () => {
  it('selects every row of the page, then none', async () => {
    const onSelection = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SelectableTable onSelection={onSelection} />);

    const all = screen.getByRole('checkbox', { name: 'Sélectionner toutes les lignes de la page' });
    await user.click(all);
    expect(onSelection).toHaveBeenLastCalledWith(['a', 'b', 'c']);
    expect(screen.getByTestId('table-selection').textContent).toContain('3 lignes sélectionnées');
    for (const box of screen.getAllByRole('checkbox', { name: 'Sélectionner la ligne' })) {
      expect(box).toHaveProperty('checked', true);
    }

    await user.click(all);
    expect(onSelection).toHaveBeenLastCalledWith([]);
    expect(screen.queryByTestId('table-selection')).toBeNull();
  });

  it('counts the selected rows, singular and plural', async () => {
    const onSelection = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SelectableTable onSelection={onSelection} />);
    const boxes = screen.getAllByRole('checkbox', { name: 'Sélectionner la ligne' });

    await user.click(boxes[0]);
    expect(screen.getByText('1 ligne sélectionnée')).toBeTruthy();
    await user.click(boxes[2]);
    expect(screen.getByText('2 lignes sélectionnées')).toBeTruthy();
    expect(onSelection).toHaveBeenLastCalledWith(['a', 'c']);

    const all = screen.getByRole('checkbox', { name: 'Sélectionner toutes les lignes de la page' });
    expect(all.getAttribute('data-indeterminate')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Désélectionner' }));
    expect(onSelection).toHaveBeenLastCalledWith([]);
  });

  it('does not open the row when its check box is clicked', async () => {
    const onRowClick = vi.fn();
    const onChange = vi.fn();
    const { user } = setup({ onRowClick, selection: { selected: [], onChange } });
    await user.click(screen.getAllByRole('checkbox', { name: 'Sélectionner la ligne' })[1]);
    expect(onChange).toHaveBeenCalledWith(['b']);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('counts in English', () => {
    setup({ selection: { selected: ['a', 'b'], onChange: () => {} } }, 'en');
    expect(screen.getByTestId('table-selection').textContent).toContain('2 rows selected');
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeTruthy();
  });

  it('counts in French', () => {
    setup({ selection: { selected: ['a', 'b'], onChange: () => {} } });
    expect(screen.getByTestId('table-selection').textContent).toContain('2 lignes sélectionnées');
  });
});
