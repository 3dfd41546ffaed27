import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, expect } from 'vitest';
import { withJobQueue } from '../../../tests/support/api-fixture';
import {
  type ApiClient,
  buildProject,
  insertParticipants,
  type TestApp,
} from '../../../tests/support/test-app';
import { participantAnswers, projects, questionChoices, questions } from '../../db/schema';
import type { Deps } from '../../deps';
import type { MatchingInstance, SolveOptions, TablesInstance, TablesResult } from '../../matching/instance';
import { solveInWorker } from '../../matching/run';
import { pairingJobs, type Solve } from './generation';

/** What the pairing API tests share: addresses, a project with a meeting category, tables, people, a question. */

export const api = (projectId: string) => `/api/projects/${projectId}`;
export const pairingsUrl = (projectId: string) => `${api(projectId)}/pairings`;
export const pairingUrl = (projectId: string, pairingId: string) => `${pairingsUrl(projectId)}/${pairingId}`;

export function ok<T = Record<string, unknown>>(response: { status: number; body: unknown }): T {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as T;
}

/** A project with a meeting category of `tables` tables of `seats` seats and `people` participants. */
export async function setUpProject(
  client: ApiClient,
  db: Deps['db'],
  options: { tables?: number; seats?: number; people?: number } = {},
) {
  const project = await buildProject(client);
  const projectId = project.id as string;
  const category = ok<{ id: string }>(
    await client.post(`${api(projectId)}/activity-categories`, {
      name: { fr: 'Rencontres d’affaires', en: 'Business meetings' },
    }),
  );
  const tables = ok<{ items: { id: string; seats: number }[] }>(
    await client.put(`${api(projectId)}/activity-categories/${category.id}/table-counts`, {
      standard: options.tables ?? 3,
      vip: 0,
    }),
  ).items;
  for (const table of tables) {
    if (options.seats && table.seats !== options.seats) {
      const { id, ...rest } = table as Record<string, unknown>;
      ok(
        await client.put(`${api(projectId)}/activity-tables/${id}`, {
          number: rest.number,
          vip: false,
          seats: options.seats,
        }),
      );
    }
  }
  const count = options.people ?? 6;
  const participants = await insertParticipants(
    db,
    projectId,
    Array.from({ length: count }, (_, i) => ({
      first: `Personne${i + 1}`,
      last: `Essai${String(i + 1).padStart(2, '0')}`,
    })),
  );
  return { projectId, categoryId: category.id, participants };
}

/** A question with choices, answered by some participants (written straight into the database). */
export async function insertQuestion(
  db: Deps['db'],
  projectId: string,
  labels: string[],
  answers: Record<string, number[]> = {},
) {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  const scope = { companyId: project.companyId, projectId };
  const [question] = await db
    .insert(questions)
    .values({ ...scope, titleFr: 'Secteur', titleEn: 'Sector', weight: 3 })
    .returning();
  const choices = await db
    .insert(questionChoices)
    .values(
      labels.map((label, position) => ({
        ...scope,
        questionId: question.id,
        labelFr: label,
        labelEn: label,
        position,
      })),
    )
    .returning();
  for (const [participantId, picked] of Object.entries(answers)) {
    for (const index of picked) {
      await db
        .insert(participantAnswers)
        .values({ ...scope, participantId, questionId: question.id, choiceId: choices[index].id });
    }
  }
  return { questionId: question.id, choiceIds: choices.map((c) => c.id) };
}

/** Reads the pairing as the page polls it, until its generation is over. */
export async function settled<G extends { status: string }>(client: ApiClient, url: string): Promise<G> {
  for (let waited = 0; waited < 60_000; waited += 200) {
    const generation = ok<{ generation: G }>(await client.get(url)).generation;
    if (!['queued', 'running'].includes(generation.status)) return generation;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the generation did not end');
}

export const pairingBody = (categoryId: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Speed networking du matin',
  categoryId,
  rounds: 2,
  algorithm: 1,
  ...overrides,
});

/**
 * A solver for the job's mechanics (queue, progress, cancel, restart, one transaction) while the real ones are being
 * built: it seats people in turn at every table, reports progress, and waits until released or aborted.
 */
export function heldSolver() {
  let release: () => void = () => {};
  let released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const calls: TablesInstance[] = [];
  let started: () => void = () => {};
  let startedPromise = new Promise<void>((resolve) => {
    started = resolve;
  });
  const solve = async (instance: TablesInstance, options: SolveOptions): Promise<TablesResult> => {
    calls.push(instance);
    options.onProgress?.({ fraction: 0.5, best: 42 });
    started();
    await Promise.race([
      released,
      new Promise<void>((resolve) => options.signal?.addEventListener('abort', () => resolve())),
    ]);
    const order = [...instance.people].map((p) => p.id);
    const rounds = Array.from({ length: instance.rounds }, (_, r) => {
      const tables = instance.tables.map((t) => ({ table: t.id, people: [] as string[] }));
      order.forEach((id, i) => {
        tables[(i + r) % tables.length].people.push(id);
      });
      return tables;
    });
    return {
      rounds,
      stats: {
        repeats: 1,
        blockedTogether: 0,
        vipMisplaced: 0,
        score: 42,
        chosenTablesMet: 1,
        togetherUnmet: 0,
        seconds: 0.1,
        bound: { repeatsAtLeast: 0, scoreAtMost: 50 },
      },
    };
  };
  return {
    solve: solve as unknown as Solve,
    calls,
    release: () => release(),
    started: () => startedPromise,
    reset() {
      released = new Promise<void>((resolve) => {
        release = resolve;
      });
      startedPromise = new Promise<void>((resolve) => {
        started = resolve;
      });
    },
  };
}

/**
 * The generation queue of a test file on its app, solving with the held solver (or with the real one after
 * `useRealSolver()`, until the next test): started after the app, the held solver released and reset before each test
 * and at the end, the queue stopped before the app closes.
 */
export function withHeldGeneration(t: TestApp) {
  const held = heldSolver();
  let useReal = false;
  const solve = (instance: MatchingInstance, options: SolveOptions) =>
    useReal ? solveInWorker(instance, options) : held.solve(instance, options);
  const queue = withJobQueue(t, (deps) => pairingJobs(deps, { solve }));
  afterAll(() => held.release());
  beforeEach(() => {
    held.release();
    held.reset();
    held.calls.length = 0;
    useReal = false;
  });
  return {
    held,
    queue,
    solve,
    useRealSolver: () => {
      useReal = true;
    },
  };
}
