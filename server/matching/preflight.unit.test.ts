import { describe, expect, it } from 'vitest';
import { meetingsInstance, tablesInstance } from './instance';
import { meetingsPreflight, tablesPreflight } from './preflight';

const tables = (count: number, seats: number, vip = 0) =>
  Array.from({ length: count }, (_, i) => ({ id: `T${i + 1}`, seats, vip: i < vip }));
const people = (count: number, extra: (i: number) => object = () => ({})) =>
  Array.from({ length: count }, (_, i) => ({ id: `p${i + 1}`, ...extra(i) }));

describe('tablesPreflight', () => {
  it('finds nothing wrong with a Kirkman schedule (15 people, 5 × 3, 7 rounds)', () => {
    const check = tablesPreflight(
      tablesInstance.parse({
        kind: 'tables',
        rounds: 7,
        objective: 'none',
        tables: tables(5, 3),
        people: people(15),
      }),
    );
    expect(check).toMatchObject({ people: 15, tableSize: 3, roundsBound: 7, predictedMeetingsPerPerson: 14 });
    expect(check.findings).toEqual([]);
  });

  it('flags rounds beyond the bound with the repeats they force, short seats and short VIP seats', () => {
    const check = tablesPreflight(
      tablesInstance.parse({
        kind: 'tables',
        rounds: 5,
        objective: 'none',
        tables: tables(3, 4, 1),
        people: people(13, (i) => ({ vip: i < 5, tables: i < 6 ? ['T2'] : [] })),
      }),
    );
    // 13 people on 12 seats; tables of 4 → 3 new people a round, ⌊12/3⌋ = 4 rounds; 5 rounds force
    // ⌈13 · (15 − 12) / 2⌉ = 20 repeats.
    expect(check.findings).toEqual([
      { code: 'seatsShort', people: 13, seats: 12 },
      { code: 'roundsBeyondBound', rounds: 5, bound: 4, repeatsAtLeast: 20 },
      { code: 'vipSeatsShort', vips: 5, vipSeats: 4 },
    ]);
  });

  it('flags a chosen table wanted by more people than it seats over all rounds', () => {
    const check = tablesPreflight(
      tablesInstance.parse({
        kind: 'tables',
        rounds: 1,
        objective: 'none',
        tables: tables(3, 2),
        people: people(6, (i) => ({ tables: i < 3 ? ['T1'] : [] })),
      }),
    );
    expect(check.findings).toEqual([{ code: 'chosenTableOverbooked', table: 'T1', choosers: 3, places: 2 }]);
  });
});

describe('tablesPreflight: « together » pairs', () => {
  it('flags more pairs than the rounds can bring together, and nothing when they fit', () => {
    // 12 people, 3 tables of 4, 1 round: each person meets 3 others; p1 with 11 partners reaches at most 3 of them.
    const star = (count: number) =>
      Array.from({ length: count }, (_, i) => ['p1', `p${i + 2}`] as [string, string]);
    const instance = (together: [string, string][]) =>
      tablesInstance.parse({
        kind: 'tables',
        rounds: 1,
        objective: 'none',
        tables: tables(3, 4),
        people: people(12),
        together,
      });
    // Ends: p1 min(11, 3) = 3, the 11 others 1 each → ⌊14 / 2⌋ = 7.
    expect(tablesPreflight(instance(star(11))).findings).toEqual([
      { code: 'togetherBeyondReach', pairs: 11, atMost: 7 },
    ]);
    expect(tablesPreflight(instance(star(3))).findings).toEqual([]);
  });
});

describe('meetingsPreflight', () => {
  it('predicts meetings per person and flags caps, missing common slots and short tables', () => {
    const check = meetingsPreflight(
      meetingsInstance.parse({
        kind: 'meetings',
        slots: 2,
        tables: 1,
        people: [
          { id: 'a', available: [0, 1], max: 1 },
          { id: 'b', available: [0], max: 4 },
          { id: 'c', available: [1], max: 4 },
          { id: 'd', available: [], max: 4 },
        ],
        requests: [
          { a: 'a', b: 'b', weight: 1 },
          { a: 'a', b: 'c', weight: 1 },
          { a: 'b', b: 'c', weight: 1 },
          { a: 'c', b: 'd', weight: 1 },
        ],
      }),
    );
    expect(check.people).toEqual([
      { id: 'a', requested: 2, predicted: 1 },
      { id: 'b', requested: 2, predicted: 1 },
      { id: 'c', requested: 3, predicted: 1 },
      { id: 'd', requested: 1, predicted: 0 },
    ]);
    expect(check.findings).toEqual([
      { code: 'noCommonSlot', a: 'b', b: 'c' },
      { code: 'requestsBeyondCap', person: 'a', requested: 2, cap: 1 },
      { code: 'noAvailability', person: 'd', requested: 1 },
      { code: 'tablesShort', requested: 4, places: 2 },
    ]);
  });
});
