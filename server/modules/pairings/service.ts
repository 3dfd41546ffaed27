import type { z } from 'zod';
import type { ListParams } from '../../../contracts/http';
import {
  choiceCountMode,
  impliedObjective,
  type Objective,
  type pairingInput,
  roundBound,
} from '../../../contracts/pairings';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { findProject } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
import * as gens from './generation-repository';
import { presentGeneration } from './present';
import * as repo from './repository';

/** M1: a project's pairings (docs/matching/pairings.md). Another company's or project's pairing is not found. */

type Input = z.output<typeof pairingInput>;

export const scopeOf = (auth: AuthContext, projectId: string): repo.Scope => ({
  companyId: auth.companyId,
  projectId,
});

export async function getPairingRow(db: Executor, scope: repo.Scope, pairingId: string, lock = false) {
  const row = await repo.findPairing(db, scope, pairingId, lock);
  if (!row) throw AppError.notFound();
  return row;
}

const presentItem = (row: repo.PairingRow) => ({
  id: row.id,
  name: row.name,
  category: { id: row.categoryId, name: { fr: row.categoryFr, en: row.categoryEn } },
  rounds: row.rounds,
  algorithm: row.algorithm,
  objective: row.objective as Objective,
  held: row.held,
  generationStatus: row.generationStatus as 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | null,
});

async function present(deps: Deps, auth: AuthContext, scope: repo.Scope, pairingId: string) {
  const row = await getPairingRow(deps.db, scope, pairingId);
  const size = await repo.seatingSize(deps.db, scope, row.id, row.categoryId);
  const latest = await gens.latestGeneration(deps.db, row.id);
  return {
    ...presentItem(row),
    choiceCount: row.choiceCount,
    questionId: row.questionId,
    choiceIds: await repo.choiceIdsOf(deps.db, row.id),
    people: size.people,
    seats: size.seats,
    roundBound: roundBound(size.people, size.seats),
    generation: latest ? presentGeneration(deps, latest, auth.locale) : null,
  };
}

/** Another company's project (or none) is not found. */
async function assertProject(deps: Deps | { db: Executor }, auth: AuthContext, projectId: string) {
  if (!(await findProject(deps.db, auth.companyId, projectId))) throw AppError.notFound();
}

export async function listPairings(deps: Deps, auth: AuthContext, projectId: string, query: ListParams) {
  await assertProject(deps, auth, projectId);
  const page = await repo.listPairings(deps.db, scopeOf(auth, projectId), query);
  return { ...page, items: page.items.map(presentItem) };
}

export async function getPairing(deps: Deps, auth: AuthContext, projectId: string, pairingId: string) {
  return present(deps, auth, scopeOf(auth, projectId), pairingId);
}

export async function getOptions(deps: Deps, auth: AuthContext, projectId: string) {
  const scope = scopeOf(auth, projectId);
  await assertProject(deps, auth, projectId);
  const [categories, questions, activities, participants] = await Promise.all([
    repo.categoryOptions(deps.db, scope),
    repo.questionOptions(deps.db, scope),
    repo.activityOptions(deps.db, scope),
    repo.countParticipants(deps.db, scope),
  ]);
  return {
    categories: categories.map((c) => ({
      id: c.id,
      name: { fr: c.nameFr, en: c.nameEn },
      tables: c.tables,
      vipTables: c.vipTables,
      seats: c.seats,
    })),
    questions,
    activities: activities.map((a) => ({
      id: a.id,
      title: { fr: a.titleFr, en: a.titleEn },
      members: a.members,
    })),
    participants,
  };
}

/**
 * The selector's rules, on the server (001 §2): the category is a meeting category of the project; the question is
 * the project's; the ticked choices are the question's (all of them below 0); the objective is the algorithm's
 * unless 7.
 */
async function checked(db: Executor, scope: repo.Scope, input: Input) {
  if (!(await repo.findCategory(db, scope, input.categoryId)))
    throw AppError.field('categoryId', 'validation.pairings.category');
  let choiceIds: string[] = [];
  if (input.questionId) {
    if (!(await repo.findQuestion(db, scope, input.questionId)))
      throw AppError.field('questionId', 'validation.pairings.question');
    const all = await repo.choicesOfQuestion(db, input.questionId);
    if (choiceCountMode(input.algorithm)) choiceIds = all;
    else {
      const known = new Set(all);
      if (input.choiceIds.some((c) => !known.has(c)))
        throw AppError.field('choiceIds', 'validation.pairings.choices');
      choiceIds = [...new Set(input.choiceIds)];
    }
  } else if (input.choiceIds.length) {
    throw AppError.field('choiceIds', 'validation.pairings.choices');
  }
  const values: repo.PairingValues = {
    name: input.name,
    categoryId: input.categoryId,
    rounds: input.rounds,
    algorithm: input.algorithm,
    objective: impliedObjective(input.algorithm) ?? input.objective,
    choiceCount: choiceCountMode(input.algorithm) ? input.choiceCount : null,
    questionId: input.questionId,
    held: input.held,
  };
  return { values, choiceIds };
}

export async function createPairing(deps: Deps, auth: AuthContext, projectId: string, input: Input) {
  const scope = scopeOf(auth, projectId);
  await assertProject(deps, auth, projectId);
  const id = await deps.db.transaction(async (tx) => {
    const { values, choiceIds } = await checked(tx, scope, input);
    const created = await repo.insertPairing(tx, scope, values);
    await repo.setChoices(tx, created, choiceIds);
    return created;
  });
  return present(deps, auth, scope, id);
}

export async function updatePairing(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  input: Input,
) {
  const scope = scopeOf(auth, projectId);
  await deps.db.transaction(async (tx) => {
    await getPairingRow(tx, scope, pairingId, true);
    const { values, choiceIds } = await checked(tx, scope, input);
    await repo.updatePairing(tx, pairingId, values);
    await repo.setChoices(tx, pairingId, choiceIds);
  });
  return present(deps, auth, scope, pairingId);
}

/** /match/updatechoices: the ticked choices alone (below 0 every choice stays ticked). */
export async function updateChoices(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  choiceIds: string[],
) {
  const scope = scopeOf(auth, projectId);
  await deps.db.transaction(async (tx) => {
    const row = await getPairingRow(tx, scope, pairingId, true);
    const input = {
      name: row.name,
      categoryId: row.categoryId,
      rounds: row.rounds,
      algorithm: row.algorithm,
      objective: row.objective as Objective,
      choiceCount: row.choiceCount,
      questionId: row.questionId,
      choiceIds,
      held: row.held,
    };
    const { choiceIds: kept } = await checked(tx, scope, input);
    await repo.setChoices(tx, pairingId, kept);
  });
  return present(deps, auth, scope, pairingId);
}

export async function deletePairing(deps: Deps, auth: AuthContext, projectId: string, pairingId: string) {
  const scope = scopeOf(auth, projectId);
  await deps.db.transaction(async (tx) => {
    await getPairingRow(tx, scope, pairingId, true);
    if (await gens.activeGeneration(tx, pairingId))
      throw new AppError('pairings.generationRunning', 'conflict');
    await repo.deletePairing(tx, pairingId);
  });
  return { ok: true as const };
}
