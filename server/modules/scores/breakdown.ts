import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { scoreBreakdown } from '../../matching/explain';
import type { Answers } from '../../matching/score';
import * as questionRepo from '../questions/repository';
import type { ScoringQuestion } from '../questions/score-input';
import { assertProject } from '../questions/service';
import type { AuthContext } from '../session/auth-context';
import { liveScores } from './live';
import * as repo from './repository';
import { personOf } from './service';

/**
 * X1: why two people score what they score, question by question, computed now. The plain questions come from
 * `scoreBreakdown` (explain.ts, the reference the fast kernel is tested against); a linked pair follows the rule of
 * `score-input.ts`: s = 1 when one's offer (a choice of q, through its mirror) is the other's search (a choice of the
 * linked question), either way; it counts when both answered either side, for each of the two questions.
 */

interface Line {
  questionId: string;
  weight: number;
  reversed: boolean;
  linked: boolean;
  answeredByBoth: boolean;
  matched: boolean;
  points: number;
}

/** The lines of a pair (questions in the questionnaire's order); Σ points is their score. */
export function breakdownLines(questions: readonly ScoringQuestion[], a: Answers, b: Answers): Line[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const partner = (q: ScoringQuestion) => (q.linkedQuestionId ? byId.get(q.linkedQuestionId) : undefined);
  const plain = questions.filter((q) => !partner(q));
  const plainLines = new Map(scoreBreakdown(plain, a, b).map((line) => [line.question, line]));
  return questions.map((q) => {
    const other = partner(q);
    if (!other) {
      const line = plainLines.get(q.id);
      return {
        questionId: q.id,
        weight: q.weight,
        reversed: q.reversed,
        linked: false,
        answeredByBoth: line?.answeredByBoth ?? false,
        matched: (line?.shared.length ?? 0) > 0,
        points: line?.points ?? 0,
      };
    }
    // The pair's offer side is the question whose id sorts first (as score-input.ts orders a pair).
    const [offer, seek] = q.id < other.id ? [q, other] : [other, q];
    const meets = (x: Answers, y: Answers) =>
      (x[offer.id] ?? []).some((choice) => {
        const mirror = offer.mirrors.get(choice);
        return mirror !== undefined && (y[seek.id] ?? []).includes(mirror);
      });
    const answered = (x: Answers) => Boolean(x[offer.id]?.length || x[seek.id]?.length);
    const answeredByBoth = answered(a) && answered(b);
    const matched = answeredByBoth && (meets(a, b) || meets(b, a));
    const points = answeredByBoth ? q.weight * (q.reversed ? (matched ? 0 : 1) : matched ? 1 : 0) : 0;
    return {
      questionId: q.id,
      weight: q.weight,
      reversed: q.reversed,
      linked: true,
      answeredByBoth,
      matched,
      points,
    };
  });
}

export async function pairBreakdown(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  a: string | undefined,
  b: string | undefined,
) {
  await assertProject(deps.db, auth, projectId);
  if (!a) throw AppError.field('a', 'validation.required');
  if (!b) throw AppError.field('b', 'validation.required');
  const live = await liveScores(deps, projectId);
  const i = live.index.get(a);
  const j = live.index.get(b);
  if (i === undefined || j === undefined) throw AppError.notFound();
  if (i === j) throw AppError.field('b', 'validation.scores.samePerson');
  const ids = live.questions.map((q) => q.id);
  const [rows, choices, people] = await Promise.all([
    questionRepo.listQuestionsOfProject(deps.db, projectId),
    questionRepo.listChoices(deps.db, ids),
    repo.listPeople(deps.db, auth.companyId, projectId),
  ]);
  const titles = new Map(rows.map((r) => [r.id, { fr: r.titleFr, en: r.titleEn }]));
  const labels = new Map(choices.map((c) => [c.row.id, { fr: c.row.labelFr, en: c.row.labelEn }]));
  const answerOf = (k: number, questionId: string) => ({
    labels: (live.answers[k][questionId] ?? []).map((id) => labels.get(id) ?? { fr: '?', en: '?' }),
    standard: !live.own[k].get(questionId)?.length && (live.answers[k][questionId]?.length ?? 0) > 0,
  });
  const lines = breakdownLines(live.questions, live.answers[i], live.answers[j]).map((line) => ({
    ...line,
    title: titles.get(line.questionId) ?? { fr: '', en: '' },
    a: answerOf(i, line.questionId),
    b: answerOf(j, line.questionId),
  }));
  const score = lines.reduce((sum, line) => sum + line.points, 0);
  return {
    a: personOf(people, a),
    b: personOf(people, b),
    lines,
    score: Math.round(score * 100) / 100,
    maximum: live.total,
    percent: live.total > 0 ? Math.round((score / live.total) * 1000) / 10 : 0,
  };
}
