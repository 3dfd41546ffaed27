import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { participantAnswers, questions } from '../../db/schema';
import type { Deps } from '../../deps';
import { type Answers, pairScore, type ScoreQuestion } from '../../matching/score';
import { answerColumns } from '../questions/repository';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';
import * as requests from './request-repository';
import { loadSession } from './session-service';

/** The questions that count in scores (active, used for matching) and each participant's answers to them. */
export async function answersOf(db: Executor, projectId: string, participantIds: string[]) {
  const qs = await db
    .select({ id: questions.id, weight: questions.weight, reversed: questions.reversed })
    .from(questions)
    .where(
      and(
        eq(questions.projectId, projectId),
        eq(questions.status, 'active'),
        eq(questions.usedForMatching, true),
      ),
    );
  const answers = new Map<string, Record<string, string[]>>();
  if (!qs.length || !participantIds.length) return { questions: qs as ScoreQuestion[], answers };
  const rows = await db
    .select(answerColumns)
    .from(participantAnswers)
    .where(
      and(
        eq(participantAnswers.projectId, projectId),
        inArray(
          participantAnswers.questionId,
          qs.map((q) => q.id),
        ),
      ),
    );
  const wanted = new Set(participantIds);
  for (const row of rows) {
    if (!wanted.has(row.participantId)) continue;
    const mine = answers.get(row.participantId) ?? {};
    answers.set(row.participantId, mine);
    const chosen = mine[row.questionId] ?? [];
    mine[row.questionId] = chosen;
    chosen.push(row.choiceId);
  }
  return { questions: qs as ScoreQuestion[], answers };
}

/** Weight 5 for the best partner down to 1 for the k-th: the rank spread over the five weights. */
export const weightOfRank = (rank: number, k: number) => 5 - Math.floor((rank * 5) / Math.max(k, 1));

/**
 * Each participant's best `k` partners by questionnaire score (score > 0; ties broken by id, so the same answers
 * give the same requests), as requests of weight by rank. Pairs blocked, and pairs already requested either way,
 * are left as they are.
 */
export function suggestions(
  ids: readonly string[],
  qs: readonly ScoreQuestion[],
  answers: ReadonlyMap<string, Answers>,
  k: number,
  skip: (a: string, b: string) => boolean,
) {
  const out: { requesterId: string; requestedId: string; weight: number }[] = [];
  const sorted = [...ids].sort();
  for (const me of sorted) {
    const mine = answers.get(me) ?? {};
    const scored: { id: string; score: number }[] = [];
    for (const other of sorted) {
      if (other === me || skip(me, other)) continue;
      const score = pairScore(qs, mine, answers.get(other) ?? {});
      if (score > 0) scored.push({ id: other, score });
    }
    scored.sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : 1));
    scored.slice(0, k).forEach((s, rank) => {
      out.push({ requesterId: me, requestedId: s.id, weight: weightOfRank(rank, k) });
    });
  }
  return out;
}

export async function suggestRequests(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  sessionId: string,
  perPerson: number,
) {
  return deps.db.transaction(async (tx) => {
    const { session } = await loadSession(tx, auth, projectId, sessionId);
    const people = await repo.sessionPeople(tx, session);
    const ids = people.map((p) => p.id);
    const { questions: qs, answers } = await answersOf(tx, projectId, ids);
    const blocked = new Set(
      (await requests.blockedPairs(tx, sessionId)).map(([a, b]) => requests.pairKey(a, b)),
    );
    const existing = await requests.requestKeys(tx, sessionId);
    const skip = (a: string, b: string) =>
      blocked.has(requests.pairKey(a, b)) || existing.has(`${a}>${b}`) || existing.has(`${b}>${a}`);
    const found = suggestions(ids, qs, answers, perPerson, skip);
    // A pair both sides would request is asked once, by the first in order, at the higher weight.
    const byPair = new Map<string, (typeof found)[number]>();
    for (const s of found) {
      const key = requests.pairKey(s.requesterId, s.requestedId);
      const before = byPair.get(key);
      if (!before || s.weight > before.weight) byPair.set(key, before ? { ...before, weight: s.weight } : s);
    }
    const rows = [...byPair.values()];
    await requests.insertRequests(
      tx,
      rows.map((row) => ({
        companyId: auth.companyId,
        projectId,
        sessionId,
        ...row,
        source: 'questionnaire',
      })),
    );
    return { added: rows.length, people: new Set(rows.flatMap((r) => [r.requesterId, r.requestedId])).size };
  });
}
