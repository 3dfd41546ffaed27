/**
 * The one shape every matching solver reads and writes (../shared/design/matching.md, "One interface"): from the
 * product's pairing job, from `npm run bench -- matching` and from `npm run pairing`. Ids are strings; an unknown
 * field is refused with an error naming it (zod `strictObject`).
 *
 * Extensions beyond matching.md (all optional, so every file of matching.md's shape is valid):
 * - tables: `fixed` seats a solver must keep (seats already confirmed, live adjustment), `absent` people to leave
 *   out of the given rounds onwards, `together` pairs who should share a table at least once (« rencontre » rules;
 *   soft, ranked above chosen tables and scores, never traded for a hard rule), and the result's
 *   `stats.togetherUnmet`; `minSeats` of a table (sizes between a minimum and the seats, as MDGP's "ds" instances);
 * - both: nothing else.
 */
import { z } from 'zod';

const id = z.string().min(1).max(200);
/** The most `together` pairs an instance may carry (docs/matching/pairings.md: « rencontre » rules). */
export const TOGETHER_LIMIT = 50_000;
const pair = z.tuple([id, id]);

export const tablesInstance = z.strictObject({
  kind: z.literal('tables'),
  rounds: z.int().min(1).max(100),
  /** similar: maximise the score inside tables; diverse: minimise it; none: rotation only. */
  objective: z.enum(['similar', 'diverse', 'none']),
  tables: z
    .array(
      z.strictObject({
        id,
        seats: z.int().min(1).max(1000),
        vip: z.boolean(),
        /**
         * Optional: the fewest people this table takes in every round (MDGP's a_g ≤ size ≤ b_g; the table is then
         * always used). Without it a round's people are spread evenly over the tables used. With one round and only
         * scores to weigh, the solver chooses each such table's size between minSeats and seats.
         */
        minSeats: z.int().min(0).max(1000).optional(),
      }),
    )
    .min(1),
  questions: z
    .array(
      z.strictObject({
        id,
        weight: z.number().min(0).max(1000),
        reversed: z.boolean(),
        /**
         * Optional, on both questions of a linked pair (« Ce que j'offre » ↔ « Ce que je cherche »): what one offers
         * (answers to `offer`, through `mirrors` onto the choices of `seek`) meets what the other seeks, either way
         * (server/matching/score.ts, ScoreLink).
         */
        link: z.strictObject({ offer: id, seek: id, mirrors: z.record(id, id) }).optional(),
      }),
    )
    .default([]),
  people: z.array(
    z.strictObject({
      id,
      vip: z.boolean().default(false),
      /** The tables this person chose (soft). */
      tables: z.array(id).default([]),
      /** Question id → the answers chosen (any string ids). */
      answers: z.record(id, z.array(id)).default({}),
    }),
  ),
  /** Pairs that must never share a table (reject code 5). */
  blocked: z.array(pair).default([]),
  /** Pairs who already met in an earlier session: meeting again counts as a repeat (reject code 3). */
  met: z.array(pair).default([]),
  /**
   * Pairs who should share a table at least once across the rounds (soft: a strong term of the objective, above
   * chosen tables and scores, below every hard rule). At most TOGETHER_LIMIT pairs.
   */
  together: z.array(pair).max(TOGETHER_LIMIT).default([]),
  /** Seats to keep as they are (round index from 0): confirmed seats of rounds already held. */
  fixed: z.array(z.strictObject({ round: z.int().min(0), table: id, person: id })).default([]),
  /** People absent from `fromRound` (index from 0) onwards: seated nowhere in those rounds. */
  absent: z.array(z.strictObject({ person: id, fromRound: z.int().min(0) })).default([]),
});
export type TablesInstanceInput = z.input<typeof tablesInstance>;
export type TablesInstance = z.output<typeof tablesInstance>;

export interface TablesResult {
  /** rounds[r] lists every table of the instance, in the instance's order, with the people seated there. */
  rounds: { table: string; people: string[] }[][];
  stats: {
    repeats: number;
    blockedTogether: number;
    vipMisplaced: number;
    score: number;
    /** Share of people with chosen tables who sat at one of them at least once (1 when nobody chose). */
    chosenTablesMet: number;
    /** `together` pairs who never shared a table (0 when there is none). Optional for results made before. */
    togetherUnmet?: number;
    seconds: number;
    bound: { repeatsAtLeast: number; scoreAtMost: number };
  };
}

export const meetingsInstance = z.strictObject({
  kind: z.literal('meetings'),
  slots: z.int().min(1).max(1000),
  /** Tables per slot. */
  tables: z.int().min(1).max(100_000),
  people: z.array(
    z.strictObject({
      id,
      /** Slot indexes (from 0) this person is free. */
      available: z.array(z.int().min(0)),
      /** At most this many meetings. */
      max: z.int().min(0),
    }),
  ),
  requests: z.array(z.strictObject({ a: id, b: id, weight: z.number().positive().max(1_000_000) })),
});
export type MeetingsInstanceInput = z.input<typeof meetingsInstance>;
export type MeetingsInstance = z.output<typeof meetingsInstance>;

export interface MeetingsResult {
  meetings: { a: string; b: string; slot: number; table: number }[];
  /** weight placed; bound: an upper bound of the weight that can be placed (LP or combinatorial). */
  stats: { weight: number; bound: number; seconds: number };
}

export const matchingInstance = z.discriminatedUnion('kind', [tablesInstance, meetingsInstance]);
export type MatchingInstance = z.output<typeof matchingInstance>;
export type MatchingResult = TablesResult | MeetingsResult;

/** What every solver takes besides the instance. */
export interface SolveOptions {
  /** Same seed, same instance, same options → same result (no Math.random, no clock in decisions). */
  seed: number;
  /** Stop improving after this many seconds (the result is the best found). */
  timeLimitSeconds: number;
  /** Called at most every ~100 ms: the fraction of the time or work done, and the best objective so far. */
  onProgress?: (progress: { fraction: number; best: number }) => void;
  /** Aborted: stop as soon as possible and return the best found so far. */
  signal?: AbortSignal;
  /**
   * Stop after this many steps of the search (checks of the budget), whatever the time: the result then depends on
   * the seed only, never on the machine's speed or load (the demo's seed: same seed, same seats). The time limit
   * still applies; give one it cannot reach. The tables solver only.
   */
  workLimit?: number;
}

/**
 * An instance's validation errors in words, each naming the field (`people.3.tables`, `unknown field "foo"`), for
 * the command line and the bench.
 */
export function describeInstanceErrors(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const where = issue.path.join('.') || '(root)';
    if (issue.code === 'unrecognized_keys')
      return `${where}: unknown field(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    return `${where}: ${issue.message}`;
  });
}
