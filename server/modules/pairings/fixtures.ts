import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type ApiClient, buildProject, insertParticipants } from '../../../tests/support/test-app';
import { participantAnswers, projects, questionChoices, questions } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SolveOptions, TablesInstance, TablesResult } from '../../matching/instance';
import type { Solve } from './generation';

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
