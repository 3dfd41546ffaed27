/**
 * The result of a seating: every table of every round in the instance's order with its people, and the statistics
 * counted afresh from the seats (not from the search's incremental counters).
 */
import type { TablesInstance, TablesResult } from '../instance';
import { pairScore } from '../score';
import type { Model } from './model';

export function buildResult(
  model: Model,
  slots: Int32Array,
  tableStart: Int32Array,
  scores: Float64Array | null,
  instance: TablesInstance,
  extra: { seconds: number; repeatsAtLeast: number; scoreAtMost: number },
): TablesResult {
  const { n, T, R, personIds, tableIds, blocked, vipPerson, vipTable, vipFits, chosen } = model;
  const meetings = new Map<number, number>();
  for (const [i, j] of model.met) meetings.set(Math.min(i, j) * n + Math.max(i, j), 1);
  let blockedTogether = 0;
  let vipMisplaced = 0;
  let score = 0;
  const satisfied = new Uint8Array(n);
  const rounds: TablesResult['rounds'] = [];
  for (let r = 0; r < R; r++) {
    const tables: TablesResult['rounds'][number] = [];
    const seatedAtVip = new Uint8Array(n);
    for (let t = 0; t < T; t++) {
      const people: number[] = [];
      for (let s = tableStart[r * (T + 2) + t]; s < tableStart[r * (T + 2) + t + 1]; s++)
        people.push(slots[r * n + s]);
      for (let a = 0; a < people.length; a++) {
        const i = people[a];
        if (vipTable[t]) {
          if (!vipPerson[i]) vipMisplaced++;
          seatedAtVip[i] = 1;
        }
        if (chosen?.[i * T + t]) satisfied[i] = 1;
        for (let b = a + 1; b < people.length; b++) {
          const j = people[b];
          const key = Math.min(i, j) * n + Math.max(i, j);
          meetings.set(key, (meetings.get(key) ?? 0) + 1);
          if (blocked?.[i * n + j]) blockedTogether++;
          if (scores) score += scores[i * n + j];
          else if (instance.questions.length)
            score += pairScore(instance.questions, instance.people[i].answers, instance.people[j].answers);
        }
      }
      tables.push({ table: tableIds[t], people: people.map((i) => personIds[i]) });
    }
    if (vipFits[r]) {
      for (let i = 0; i < n; i++)
        if (vipPerson[i] && model.present[r * n + i] && !seatedAtVip[i]) vipMisplaced++;
    }
    rounds.push(tables);
  }
  let repeats = 0;
  for (const count of meetings.values()) if (count > 1) repeats += count - 1;
  let met = 0;
  if (chosen) for (let i = 0; i < n; i++) met += satisfied[i];
  // A `together` pair is met when it shared a table in these rounds (a `met` pair starts the count at one).
  let togetherUnmet = 0;
  const pairs = model.togetherPairs;
  const earlier = pairs.length
    ? new Set(model.met.map(([x, y]) => Math.min(x, y) * n + Math.max(x, y)))
    : null;
  for (let k = 0; k < pairs.length; k += 2) {
    const key = Math.min(pairs[k], pairs[k + 1]) * n + Math.max(pairs[k], pairs[k + 1]);
    if ((meetings.get(key) ?? 0) - (earlier?.has(key) ? 1 : 0) <= 0) togetherUnmet++;
  }
  return {
    rounds,
    stats: {
      repeats,
      blockedTogether,
      vipMisplaced,
      score,
      chosenTablesMet: model.choosers ? met / model.choosers : 1,
      togetherUnmet,
      seconds: extra.seconds,
      bound: { repeatsAtLeast: extra.repeatsAtLeast, scoreAtMost: extra.scoreAtMost },
    },
  };
}
