/**
 * Random matching instances from a seed, for the tests and `npm run bench -- matching`: the same options and seed
 * always give the same instance (a seeded generator, never Math.random).
 */
import type { MeetingsInstance, TablesInstance } from './instance';

/** mulberry32: a small seeded generator of floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max]. */
export function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** Two distinct integers of [0, n), the smaller first. */
export function randomPair(random: () => number, n: number): [number, number] {
  const a = Math.floor(random() * n);
  let b = Math.floor(random() * (n - 1));
  if (b >= a) b++;
  return a < b ? [a, b] : [b, a];
}

/** `count` distinct items of `items`, in a random order. */
export function sample<T>(random: () => number, items: readonly T[], count: number): T[] {
  const copy = [...items];
  const n = Math.min(count, copy.length);
  for (let i = 0; i < n; i++) {
    const k = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[k]] = [copy[k], copy[i]];
  }
  return copy.slice(0, n);
}

export interface RandomQuestionsOptions {
  /** How many questions (default 20). */
  questions?: number;
  /** Choices per question: each question gets between these two (default 3–6). */
  choices?: [number, number];
  /** Answers each person chooses per question (default 1–2). */
  answersPerPerson?: [number, number];
  /** Share of (person, question) left unanswered (default 0). */
  unanswered?: number;
  /** Share of reversed questions (default 0). */
  reversed?: number;
  /** Question weights are integers in this range (default 1–1: all equal). */
  weights?: [number, number];
}

export interface RandomQuestionnaire {
  questions: TablesInstance['questions'];
  answers: Record<string, string[]>[];
}

/** Questions and every person's answers: answer ids are `a0`, `a1`… per question. */
export function randomQuestionnaire(
  random: () => number,
  people: number,
  options: RandomQuestionsOptions = {},
): RandomQuestionnaire {
  const count = options.questions ?? 20;
  const [cMin, cMax] = options.choices ?? [3, 6];
  const [aMin, aMax] = options.answersPerPerson ?? [1, 2];
  const [wMin, wMax] = options.weights ?? [1, 1];
  const questions = Array.from({ length: count }, (_, q) => ({
    id: `q${q + 1}`,
    weight: randomInt(random, wMin, wMax),
    reversed: random() < (options.reversed ?? 0),
    choices: randomInt(random, cMin, cMax),
  }));
  const choiceIds = (k: number) => Array.from({ length: k }, (_, a) => `a${a}`);
  const answers = Array.from({ length: people }, () => {
    const mine: Record<string, string[]> = {};
    for (const q of questions) {
      if (random() < (options.unanswered ?? 0)) continue;
      mine[q.id] = sample(random, choiceIds(q.choices), randomInt(random, aMin, aMax));
    }
    return mine;
  });
  return { questions: questions.map(({ id, weight, reversed }) => ({ id, weight, reversed })), answers };
}

export interface RandomTablesOptions {
  seed: number;
  tables: number;
  seats: number;
  rounds: number;
  /** People (default tables × seats). */
  people?: number;
  objective?: TablesInstance['objective'];
  /** Questions (objective similar or diverse; default 20 questions of 3–6 choices, 1–2 answers each). */
  questionnaire?: RandomQuestionsOptions | false;
  /** Share of people who choose 1–2 tables (default 0). */
  choosers?: number;
  /** Blocked pairs, as a share of the people (default 0): round(share × people) random pairs. */
  blocked?: number;
  /** Share of VIP people (default 0); enough VIP tables are made for them (the last tables). */
  vips?: number;
}

/** A table-rounds instance: people p1…pn, tables T1…Tk. */
export function randomTablesInstance(options: RandomTablesOptions): TablesInstance {
  const random = seededRandom(options.seed);
  const n = options.people ?? options.tables * options.seats;
  const objective = options.objective ?? (options.questionnaire === false ? 'none' : 'similar');
  const questionnaire =
    options.questionnaire === false || objective === 'none'
      ? { questions: [], answers: Array.from({ length: n }, () => ({})) }
      : randomQuestionnaire(random, n, options.questionnaire ?? {});
  const vipCount = Math.round((options.vips ?? 0) * n);
  const vipTables = vipCount ? Math.min(options.tables, Math.ceil(vipCount / options.seats)) : 0;
  const tables = Array.from({ length: options.tables }, (_, t) => ({
    id: `T${t + 1}`,
    seats: options.seats,
    vip: t >= options.tables - vipTables,
  }));
  const vipPeople = new Set(sample(random, [...Array(n).keys()], vipCount));
  const people = questionnaire.answers.map((answers, i) => {
    const chooses = random() < (options.choosers ?? 0);
    const mine = vipPeople.has(i) ? tables.filter((t) => t.vip) : tables.filter((t) => !t.vip);
    return {
      id: `p${i + 1}`,
      vip: vipPeople.has(i),
      tables: chooses ? sample(random, mine, randomInt(random, 1, 2)).map((t) => t.id) : [],
      answers,
    };
  });
  const blocked: [string, string][] = [];
  const seen = new Set<string>();
  const blockedCount = n > 1 ? Math.round((options.blocked ?? 0) * n) : 0;
  while (blocked.length < blockedCount) {
    const [a, b] = randomPair(random, n);
    if (seen.has(`${a},${b}`)) continue;
    seen.add(`${a},${b}`);
    blocked.push([people[a].id, people[b].id]);
  }
  return {
    kind: 'tables',
    rounds: options.rounds,
    objective,
    tables,
    questions: questionnaire.questions,
    people,
    blocked,
    met: [],
    together: [],
    fixed: [],
    absent: [],
  };
}

export interface RandomMeetingsOptions {
  seed: number;
  people: number;
  requests: number;
  slots: number;
  tables: number;
  cap: number;
  /** Share of slots each person is busy (default 0.2). */
  busy?: number;
}

/** A meetings instance for tests: people p1…pn, distinct requests of weight 1–5. */
export function randomMeetingsInstance(options: RandomMeetingsOptions): MeetingsInstance {
  const random = seededRandom(options.seed);
  const slots = [...Array(options.slots).keys()];
  const people = Array.from({ length: options.people }, (_, i) => ({
    id: `p${i + 1}`,
    available: slots.filter(() => random() >= (options.busy ?? 0.2)),
    max: options.cap,
  }));
  const requests: MeetingsInstance['requests'] = [];
  const seen = new Set<string>();
  const possible = (options.people * (options.people - 1)) / 2;
  while (requests.length < Math.min(options.requests, possible)) {
    const [a, b] = randomPair(random, options.people);
    if (seen.has(`${a},${b}`)) continue;
    seen.add(`${a},${b}`);
    requests.push({ a: people[a].id, b: people[b].id, weight: randomInt(random, 1, 5) });
  }
  return { kind: 'meetings', slots: options.slots, tables: options.tables, people, requests };
}
