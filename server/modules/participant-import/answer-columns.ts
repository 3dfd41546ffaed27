import { sql } from 'drizzle-orm';
import { encodeMessage } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { participantAnswers } from '../../db/schema';
import { type ActiveQuestion, answerProblem, isAskedTo, loadQuestions } from '../questions/answers';
import * as questionRepo from '../questions/repository';
import { nameLookup } from '../spreadsheet-import/headers';
import type { Targets } from '../spreadsheet-import/kind';
import type { StoredReason } from '../spreadsheet-import/state';

/**
 * Q1 in the participant import: a column per question of the questionnaire (`question.<id>`), matched by the
 * question's French or English title like the other headers. A cell holds the chosen choices' labels (French or
 * English, matched like role and group names), separated by « ; » or « | »; an empty cell leaves the participant's
 * answers to that question as they are. The checks of a cell are the answers endpoint's (`answerProblem`).
 */

export const QUESTION_TARGET = 'question.';
export const isQuestionTarget = (target: string | null | undefined) =>
  Boolean(target?.startsWith(QUESTION_TARGET));

/** The questions a column can feed: every question of the project, archived ones too (their column is reported). */
export async function questionTargets(db: Executor, projectId: string): Promise<Targets> {
  return (await questionRepo.listQuestionsOfProject(db, projectId)).map((q) => ({
    key: `${QUESTION_TARGET}${q.id}`,
    label: { fr: q.titleFr, en: q.titleEn },
    group: 'questionnaire' as const,
  }));
}

/** The questions as the header matching reads them (`matchHeaders`). */
export async function questionTitles(db: Executor, projectId: string) {
  return (await questionRepo.listQuestionsOfProject(db, projectId)).map((q) => ({
    id: q.id,
    titleFr: q.titleFr,
    titleEn: q.titleEn,
  }));
}

/** A cell's text split into labels: « ; » and « | » separate them, a label that holds one of them is kept whole. */
export function splitLabels(text: string, known: (label: string) => boolean, joined: boolean): string[] {
  const parts = text.split(/([;|])/);
  const pieces = parts.filter((_, i) => i % 2 === 0);
  if (!joined) return pieces.map((p) => p.trim()).filter(Boolean);
  // Some label of the question holds a separator: the longest run of pieces that is a label is taken first.
  const labels: string[] = [];
  for (let i = 0; i < pieces.length; ) {
    let end = i;
    for (let j = pieces.length - 1; j > i; j--) {
      if (
        known(
          parts
            .slice(2 * i, 2 * j + 1)
            .join('')
            .trim(),
        )
      ) {
        end = j;
        break;
      }
    }
    const label = parts
      .slice(2 * i, 2 * end + 1)
      .join('')
      .trim();
    if (label) labels.push(label);
    i = end + 1;
  }
  return labels;
}

/** What the checks of the question columns need: the mapped questions, each with its column and choice lookup. */
export async function answerContext(db: Executor, projectId: string, mapping: (string | null)[]) {
  const wanted = new Map<string, number>();
  mapping.forEach((target, i) => {
    if (target && isQuestionTarget(target)) wanted.set(target.slice(QUESTION_TARGET.length), i);
  });
  if (wanted.size === 0) return { columns: [], fingerprint: null };
  const questions = (await loadQuestions(db, projectId, true)).filter((q) => wanted.has(q.row.id));
  const columns = questions.map((q) => {
    const choiceOf = nameLookup(q.choices.map((c) => ({ id: c.id, nameFr: c.label.fr, nameEn: c.label.en })));
    return {
      question: q,
      index: wanted.get(q.row.id) as number,
      choiceOf,
      joined: q.choices.some((c) => /[;|]/.test(c.label.fr + c.label.en)),
    };
  });
  return {
    columns,
    /** What the checks of these columns depend on (see `checkContext`). */
    fingerprint: questions.map((q) => [
      q.row.id,
      q.row.status,
      q.row.kind,
      q.row.maxChoices,
      q.choices.map((c) => [c.id, c.label]),
      [...q.roleIds].sort(),
      [...q.groupIds].sort(),
    ]),
  };
}

export type AnswerContext = Awaited<ReturnType<typeof answerContext>>;

/** A value safe inside an encoded message. */
const safe = (text: string) => text.replace(/[|=]/g, ' ').slice(0, 100);

/**
 * The answers a row gives: per question whose cell is filled and differs from what the participant answered, the
 * choices to write (`changes`); `errors` refuse the row (more choices than the question takes), `warnings` do not
 * (an unknown label, left out; a question archived or not asked to the participant, not written).
 */
export function readAnswers(
  ctx: AnswerContext,
  row: string[],
  person: { roleId: string; groupIds: Set<string> },
  before: Record<string, string[]> | undefined,
) {
  const changes: Record<string, string[]> = {};
  const errors: StoredReason[] = [];
  const warnings: StoredReason[] = [];
  for (const { question, index, choiceOf, joined } of ctx.columns) {
    const text = (row[index] ?? '').trim();
    if (!text) continue;
    const field = `${QUESTION_TARGET}${question.row.id}`;
    if (question.row.status !== 'active') {
      warnings.push({ field, message: 'participantImport.reasons.archivedQuestion' });
      continue;
    }
    if (!isAskedTo(question as ActiveQuestion, person)) {
      warnings.push({ field, message: 'participantImport.reasons.notAsked' });
      continue;
    }
    const ids: string[] = [];
    for (const label of splitLabels(text, (l) => Boolean(choiceOf(l)), joined)) {
      // Our CSV export guards a cell that starts like a formula with a quote (`csvSafe`): read back without it.
      const id = choiceOf(label) ?? (/^'[=+\-@]/.test(label) ? choiceOf(label.slice(1)) : undefined);
      if (id) {
        if (!ids.includes(id)) ids.push(id);
      } else {
        warnings.push({
          field,
          message: encodeMessage('participantImport.reasons.unknownChoice', { name: safe(label) }),
        });
      }
    }
    if (ids.length === 0) continue;
    const problem = answerProblem(question, ids);
    if (problem) {
      errors.push({ field, message: encodeMessage(problem.message, problem.values) });
      continue;
    }
    const had = before?.[question.row.id] ?? [];
    if (had.length !== ids.length || !ids.every((id) => had.includes(id))) changes[question.row.id] = ids;
  }
  return { changes, errors, warnings };
}

/** The answers of these participants, by participant and question (one query). */
export async function loadAnswers(db: Executor, projectId: string, participantIds: string[]) {
  const found = new Map<string, Record<string, string[]>>();
  if (participantIds.length === 0) return found;
  const rows = await questionRepo.listAnswersOf(db, projectId, participantIds);
  for (const r of rows) {
    const answers = found.get(r.participantId) ?? {};
    answers[r.questionId] = [...(answers[r.questionId] ?? []), r.choiceId].sort();
    found.set(r.participantId, answers);
  }
  return found;
}

/**
 * Replaces the answers of the rows' changed questions, in the save's transaction: one delete and one insert for the
 * batch. True when anything was written (the scores are then computed again, once, after the save).
 */
export async function writeImportedAnswers(
  tx: Executor,
  owner: { companyId: string; projectId: string },
  rows: { participantId: string | null; answers?: Record<string, string[]> }[],
) {
  const who: string[] = [];
  const which: string[] = [];
  const choice: [string, string, string][] = [];
  for (const r of rows) {
    if (!r.participantId || !r.answers) continue;
    for (const [questionId, choiceIds] of Object.entries(r.answers)) {
      who.push(r.participantId);
      which.push(questionId);
      for (const choiceId of choiceIds) choice.push([r.participantId, questionId, choiceId]);
    }
  }
  if (who.length === 0) return false;
  await tx.execute(sql`
    delete from ${participantAnswers} a
    using unnest(${sql.param(who)}::uuid[], ${sql.param(which)}::uuid[]) as v(participant_id, question_id)
    where a.participant_id = v.participant_id and a.question_id = v.question_id
      and a.project_id = ${owner.projectId}`);
  if (choice.length) {
    await tx.execute(sql`
      insert into ${participantAnswers} (company_id, project_id, participant_id, question_id, choice_id)
      select ${owner.companyId}::uuid, ${owner.projectId}::uuid, t.* from unnest(
        ${sql.param(choice.map((c) => c[0]))}::uuid[], ${sql.param(choice.map((c) => c[1]))}::uuid[],
        ${sql.param(choice.map((c) => c[2]))}::uuid[]) as t
      on conflict do nothing`);
  }
  return true;
}
