import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RejectCode } from '../../../contracts/pairing-seats';
import type { SeatTable } from '../../../contracts/pairings';
import { en, fr } from '../../../locales';
import { withLineLayout } from '../../../tests/support/line-layout';
import { renderWithProviders } from '../../../tests/support/render';
import { SeatsGrid, type SeatsGridProps } from './seats-grid';

/**
 * A person's button: its accessible name starts with the name it shows (WCAG 2.5.3, axe's
 * label-content-name-mismatch), followed by their company when they have one.
 */
const personButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}(?!\\d)`) });

/** The size the screen must stay smooth at: 250 tables of 8 (2,000 people in a round). */
function round(tables = 250, seats = 8): SeatTable[] {
  return Array.from({ length: tables }, (_, i) => ({
    table: { id: `t${i + 1}`, number: i + 1, name: null, vip: i < 10, seats },
    people: Array.from({ length: seats }, (_, j) => ({
      participantId: `p${i * seats + j + 1}`,
      firstName: `Prénom${i * seats + j + 1}`,
      lastName: `Nom${i * seats + j + 1}`,
      company: j === 0 ? `Entreprise ${i + 1}` : null,
    })),
  }));
}

function setup(overrides: Partial<SeatsGridProps> = {}, language: 'fr' | 'en' = 'fr') {
  const props: SeatsGridProps = {
    tables: round(),
    chosenTables: new Set(),
    selectedId: null,
    conflicts: null,
    absent: new Set(),
    onSelect: vi.fn(),
    onMove: vi.fn(),
    ...overrides,
  };
  const user = userEvent.setup();
  renderWithProviders(<SeatsGrid {...props} />, { language });
  return { props, user };
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)(, number)?\}\}/g, (_, key: string) => String(values[key]));

describe('SeatsGrid (M4)', () => {
  it('shows 250 tables of 8 a few rows at a time: the first tables with their people, not the 2,000 people', () => {
    setup();
    const tables = screen.getAllByTestId('seat-table');
    expect(tables[0].getAttribute('aria-label')).toBe('Table 1');
    expect(tables.length).toBeGreaterThan(4);
    expect(tables.length).toBeLessThan(250);
    expect(screen.getAllByTestId('seat-person').length).toBe(tables.length * 8);
    const first = within(tables[0]);
    expect(first.getByText('Prénom1 Nom1')).toBeTruthy();
    expect(first.getByText('Entreprise 1')).toBeTruthy();
    expect(first.getByText(fill(fr.pairingSeats.seatsUsed, { used: 8, seats: 8 }))).toBeTruthy();
    expect(first.getByText(fr.pairingSeats.vip)).toBeTruthy();
  });

  it('selects a person by click or Enter, highlights their chosen tables and shows the conflicts by code', async () => {
    const conflicts = new Map<string, RejectCode[]>([
      ['p2', [3]],
      ['p3', [5, 2]],
    ]);
    const { props, user } = setup({
      tables: round(4, 8),
      selectedId: 'p1',
      chosenTables: new Set(['t2']),
      conflicts,
    });
    await user.click(personButton('Prénom9 Nom9'));
    expect(props.onSelect).toHaveBeenLastCalledWith('p9');
    personButton('Prénom10 Nom10').focus();
    await user.keyboard('{Enter}');
    expect(props.onSelect).toHaveBeenLastCalledWith('p10');

    const [first, second, third] = screen.getAllByTestId('seat-table');
    expect(second.dataset.chosen).toBe('true');
    expect(within(second).getByText(fr.pairingSeats.chosen)).toBeTruthy();
    expect(first.dataset.chosen).toBeUndefined();
    expect(third.dataset.chosen).toBeUndefined();
    expect(within(first).getByRole('img', { name: fr.pairingSeats.conflicts[3] })).toBeTruthy();
    expect(within(first).getByRole('img', { name: fr.pairingSeats.conflicts[5] })).toBeTruthy();
    expect(within(first).getByRole('img', { name: fr.pairingSeats.conflicts[2] })).toBeTruthy();
    // Icons show only at the selected person's table.
    expect(within(second).queryAllByRole('img')).toHaveLength(0);
  });
});

describe('SeatsGrid by keyboard (M4)', () => {
  withLineLayout();

  it('moves a person to the next table by keyboard (Space, arrow, Space) and announces it', async () => {
    const { props, user } = setup({ tables: round(6, 4) });
    personButton('Prénom1 Nom1').focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    const status = () =>
      Array.from(document.body.querySelectorAll('[role="status"][aria-live]'))
        .map((e) => e.textContent)
        .join(' ');
    await waitFor(() =>
      expect(status()).toContain(
        fill(fr.pairingSeats.announce.over, { name: 'Prénom1 Nom1', table: 'Table 2', used: 4, seats: 4 }),
      ),
    );
    await user.keyboard(' ');
    await waitFor(() => expect(props.onMove).toHaveBeenCalledWith('p1', 't2'));
  });

  it('cancels a keyboard move with Escape: nothing is moved', async () => {
    const { props, user } = setup({ tables: round(6, 4) });
    personButton('Prénom1 Nom1').focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{Escape}');
    await act(async () => {});
    expect(props.onMove).not.toHaveBeenCalled();
  });

  it('names the tables and handles in English too', () => {
    setup({ tables: round(3, 2) }, 'en');
    expect(personButton('Prénom1 Nom1')).toBeTruthy();
    expect(screen.getAllByText(fill(en.pairingSeats.seatsUsed, { used: 2, seats: 2 }))).toHaveLength(3);
    // The name shown is the button's name; what the keys do is its description (dnd-kit's instructions).
    const button = personButton('Prénom1 Nom1');
    expect(button.textContent).toBe('Prénom1 Nom1Entreprise 1');
    expect(button.getAttribute('aria-label')).toBeNull();
    const described = document.getElementById(String(button.getAttribute('aria-describedby')));
    expect(described?.textContent).toBe(en.pairingSeats.announce.instructions);
  });
});
