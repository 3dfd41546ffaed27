import type { MeetingsInstanceSpec } from '../../server/matching/meetings/generate';

/** The meetings lines of the matching bar (../shared/design/matching.md), each built from a seed. */
export const meetingsBenchSpecs: { id: string; spec: Omit<MeetingsInstanceSpec, 'seed'>; target: string }[] =
  [
    {
      id: 'B1',
      spec: { people: 100, requests: 400, slots: 12, tables: 30, cap: 10 },
      target: '≥ 99.5 % of the optimum, < 0.5 s',
    },
    {
      id: 'B2',
      spec: { people: 300, requests: 1500, slots: 16, tables: 80, cap: 12 },
      target: '≥ 99.5 % of the optimum, < 2 s',
    },
    {
      id: 'B3',
      spec: { people: 1000, requests: 5000, slots: 16, tables: 300, cap: 12 },
      target: '≥ 98 % of the LP bound, < 10 s',
    },
  ];

/** The seeds whose optima are cached in optima.json. */
export const meetingsBenchSeeds = [1, 2, 3];
