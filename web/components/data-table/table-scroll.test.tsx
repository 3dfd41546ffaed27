import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { type Column, DataTable } from './data-table';
import { hiddenSides } from './table-scroll';

interface Activity {
  id: string;
  title: string;
  mode: string;
}

const columns: Column<Activity>[] = [
  { key: 'title', header: 'Titre', render: (a) => a.title },
  { key: 'mode', header: 'Mode', render: (a) => a.mode },
];

const rows: Activity[] = [{ id: 'a', title: 'Accueil et café', mode: 'En présentiel' }];

/** jsdom lays nothing out: the boxes' widths are given here (the table's box 600 px, its content `content`). */
const widths = ['scrollWidth', 'clientWidth'] as const;
const saved = widths.map(
  (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
);
function layOut(content: number) {
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => content });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 });
}
afterEach(() => {
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  }
});

function renderTable(language: 'fr' | 'en' = 'fr') {
  return renderWithProviders(
    <DataTable<Activity>
      label={language === 'fr' ? 'Activités' : 'Activities'}
      columns={columns}
      data={{ items: rows, page: 1, pageSize: 25, total: 1 }}
      isLoading={false}
      state={{}}
      onStateChange={() => {}}
      getRowId={(a) => a.id}
      selection={{ selected: [], onChange: () => {} }}
    />,
    { language },
  );
}

describe('hiddenSides', () => {
  it('says which sides of a box that scrolls sideways hide content', () => {
    expect(hiddenSides({ scrollLeft: 0, scrollWidth: 600, clientWidth: 600 })).toEqual({
      start: false,
      end: false,
    });
    expect(hiddenSides({ scrollLeft: 0, scrollWidth: 900, clientWidth: 600 })).toEqual({
      start: false,
      end: true,
    });
    expect(hiddenSides({ scrollLeft: 150, scrollWidth: 900, clientWidth: 600 })).toEqual({
      start: true,
      end: true,
    });
    // At the end, a fraction of a pixel left by rounding counts as none.
    expect(hiddenSides({ scrollLeft: 299.5, scrollWidth: 900, clientWidth: 600 })).toEqual({
      start: true,
      end: false,
    });
  });
});

describe('DataTable wider than its box (issue 18)', () => {
  it('is no region and no stop of the Tab key while it fits', () => {
    layOut(600);
    renderTable();
    const box = screen.getByTestId('table-scroll');
    expect(box.getAttribute('role')).toBeNull();
    expect(box.getAttribute('tabindex')).toBeNull();
    expect(box.parentElement?.hasAttribute('data-hidden-end')).toBe(false);
  });

  it('scrolls in a named region the keyboard reaches, shaded on the side that hides columns', () => {
    layOut(900);
    renderTable();
    const region = screen.getByRole('region', { name: 'Activités, défilement horizontal' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.parentElement?.hasAttribute('data-hidden-end')).toBe(true);
    expect(region.parentElement?.hasAttribute('data-hidden-start')).toBe(false);

    // Scrolled to its end: the shade moves to the start.
    Object.defineProperty(region, 'scrollLeft', { configurable: true, value: 300 });
    fireEvent.scroll(region);
    expect(region.parentElement?.hasAttribute('data-hidden-start')).toBe(true);
    expect(region.parentElement?.hasAttribute('data-hidden-end')).toBe(false);
  });

  it('names the region in English', () => {
    layOut(900);
    renderTable('en');
    expect(screen.queryByRole('region', { name: 'Activities, scrolls sideways' })).not.toBeNull();
  });

  it('keeps the check boxes and the first column in place, not the others', () => {
    layOut(900);
    renderTable();
    const [checkHeader, title, mode] = screen.getAllByRole('columnheader');
    const [checkCell, titleCell, modeCell] = screen.getAllByRole('cell');
    for (const kept of [checkHeader, title, checkCell, titleCell])
      expect(kept.className).toMatch(/stickyCell/);
    for (const scrolled of [mode, modeCell]) expect(scrolled.className).not.toMatch(/stickyCell/);
  });
});
