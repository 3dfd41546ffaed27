import { describe, expect, it } from 'vitest';
import type { PairingSeats } from '../../../contracts/pairings';
import { moveInSeats, replaceTables } from './seat-moves';

const person = (id: string, last: string) => ({
  participantId: id,
  firstName: 'A',
  lastName: last,
  company: null,
});
const table = (id: string, number: number, people: ReturnType<typeof person>[]) => ({
  table: { id, number, name: null, vip: false, seats: 4 },
  people,
});

function seats(): PairingSeats {
  return {
    rounds: [
      { round: 0, tables: [table('t1', 1, [person('a', 'Bé'), person('b', 'Cé')]), table('t2', 2, [])] },
      {
        round: 1,
        tables: [
          table('t1', 1, [person('a', 'Bé')]),
          table('t2', 2, [person('b', 'Cé'), person('c', 'Dé')]),
          table('t3', 3, [person('d', 'Abé')]),
        ],
      },
    ],
    roundNumbers: [0, 1],
    absences: [],
    stats: null,
  };
}

describe('a move on the seats screen (M4)', () => {
  it('changes the two tables only: every other round and table keeps its identity (their cards do not re-render)', () => {
    const before = seats();
    const after = moveInSeats(before, { round: 1, participantId: 'c', tableId: 't3' }, person('c', 'Dé'));
    expect(after.rounds[0]).toBe(before.rounds[0]);
    expect(after.rounds[1].tables[0]).toBe(before.rounds[1].tables[0]);
    expect(after.rounds[1].tables[1].people.map((p) => p.participantId)).toEqual(['b']);
    // Placed in name order.
    expect(after.rounds[1].tables[2].people.map((p) => p.participantId)).toEqual(['d', 'c']);
    expect(before.rounds[1].tables[1].people).toHaveLength(2);
  });

  it('keeps the shown table when the server answers the same people, and takes the server’s otherwise', () => {
    const moved = moveInSeats(seats(), { round: 1, participantId: 'c', tableId: 't3' }, person('c', 'Dé'));
    const after = replaceTables(moved, {
      round: 1,
      tables: [table('t2', 2, [person('b', 'Cé')]), table('t3', 3, [person('c', 'Dé'), person('d', 'Abé')])],
    });
    expect(after.rounds[1].tables[1]).toBe(moved.rounds[1].tables[1]);
    expect(after.rounds[1].tables[2].people.map((p) => p.participantId)).toEqual(['c', 'd']);
  });

  it('leaves the seats as they are for a move to the person’s own table', () => {
    const before = seats();
    expect(
      moveInSeats(before, { round: 0, participantId: 'a', tableId: 't1' }, person('a', 'Bé')).rounds[0],
    ).toBe(before.rounds[0]);
  });
});
