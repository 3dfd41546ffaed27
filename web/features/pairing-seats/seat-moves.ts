import type { SeatMoveInput, SeatMoveResult } from '../../../contracts/pairing-seats';
import type { PairingSeats, SeatTable } from '../../../contracts/pairings';

/**
 * The seats screen's changes to its copy of the seats, immutably and touching only what changed: the round moved
 * in, and in it the two tables; every other round and table keeps its identity (so its card does not re-render).
 */

type Person = SeatTable['people'][number];

const byName = (a: Person, b: Person) =>
  a.lastName.localeCompare(b.lastName, 'fr') || a.firstName.localeCompare(b.firstName, 'fr');

export function moveInSeats(seats: PairingSeats, move: SeatMoveInput, person: Person): PairingSeats {
  return {
    ...seats,
    rounds: seats.rounds.map((round) => {
      if (round.round !== move.round) return round;
      const from = round.tables.find((t) => t.people.some((p) => p.participantId === move.participantId));
      if (!from || from.table.id === move.tableId) return round;
      return {
        ...round,
        tables: round.tables.map((entry) => {
          if (entry === from)
            return { ...entry, people: entry.people.filter((p) => p.participantId !== move.participantId) };
          if (entry.table.id === move.tableId)
            return { ...entry, people: [...entry.people, person].sort(byName) };
          return entry;
        }),
      };
    }),
  };
}

/** The tables the server answered replace those of the round (a table equal to the shown one is kept as is). */
export function replaceTables(seats: PairingSeats, result: SeatMoveResult): PairingSeats {
  const fresh = new Map(result.tables.map((t) => [t.table.id, t]));
  return {
    ...seats,
    rounds: seats.rounds.map((round) =>
      round.round !== result.round
        ? round
        : {
            ...round,
            tables: round.tables.map((entry) => {
              const next = fresh.get(entry.table.id);
              if (!next) return entry;
              const same =
                next.people.length === entry.people.length &&
                next.people.every((p, i) => p.participantId === entry.people[i].participantId);
              return same ? entry : next;
            }),
          },
    ),
  };
}
