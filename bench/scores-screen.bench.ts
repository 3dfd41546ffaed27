/**
 * scores-screen: the M5 scores screen at 2,000 participants answering 8 questions (2,000 × 2,000 = 1,999,000 pairs),
 * through the whole HTTP layer, against the computation it runs (read the answers, the fast kernel, the sort),
 * called directly on the same engine.
 * - `view-cold`: GET /scores/view page 3 with nothing kept (the answers read, every pair scored and sorted);
 * - `view-paging`: the same selection, page 40: the sorted pairs are kept, only the answers are read again;
 * - `averages`: GET /scores/averages (every person against everyone, 4 M look-ups) with the scores kept.
 */
import { and, eq } from 'drizzle-orm';
import { participantAnswers, participants } from '../server/db/schema';
import { triangleIndex } from '../server/matching/scores';
import { effectiveAnswers, scoreProject } from '../server/modules/questions/score-input';
import { readScoringInput } from '../server/modules/questions/score-runs';
import { forgetLiveScores, liveScores } from '../server/modules/scores/live';
import { averages, sortedPairs } from '../server/modules/scores/pairs';
import { forgetSortedPairs } from '../server/modules/scores/service';
import { seedScale } from '../server/seed/scale';
import {
  BENCH_EMAIL,
  BENCH_PASSWORD,
  type BenchCase,
  createBenchCompanies,
  defineBenchmark,
  random,
  signIn,
  startApp,
} from './harness';

export default defineBenchmark({
  name: 'scores-screen',
  description:
    'GET /api/projects/:id/scores/view and /averages at 2,000 people vs the same computation called directly',
  async setup({ database, options }) {
    const people = options.quick ? 800 : 2000;
    const { db } = database;
    const { main } = await createBenchCompanies(db);
    const { projectId } = await seedScale(db, { companyId: main.id, participants: people, seed: 1 });
    const app = await startApp(database);
    const cookies = await signIn(app, BENCH_EMAIL, BENCH_PASSWORD);
    const csrfToken = (await app.inject({ method: 'GET', url: '/api/session', cookies })).json().csrfToken;
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const headers = method === 'GET' ? {} : { 'x-csrf-token': csrfToken as string };
      const res = await app.inject({ method, url, cookies, headers, payload: payload as never });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      return res.json();
    };

    // Eight questions of five choices (weights 5 to 40, one reversed, two multiple), answered by everyone.
    const base = `/api/projects/${projectId}/questions`;
    const choicesOf: string[][] = [];
    const questionIds: string[] = [];
    for (let k = 0; k < 8; k++) {
      const q = await call('POST', base, {
        title: { fr: `Question ${k}`, en: `Question ${k}` },
        kind: k < 2 ? 'multiple' : 'single',
      });
      await call('PUT', `${base}/${q.id}/pairing`, {
        usedForMatching: true,
        weight: 5 + 5 * k,
        reversed: k === 3,
      });
      for (let c = 0; c < 5; c++)
        await call('POST', `${base}/${q.id}/choices`, {
          label: { fr: `C${c}`, en: `C${c}` },
          categoryId: null,
        });
      questionIds.push(q.id);
      choicesOf.push((await call('GET', `${base}/${q.id}`)).choices.map((c: { id: string }) => c.id));
    }
    const r = random(7);
    const ids = (
      await db
        .select({ id: participants.id })
        .from(participants)
        .where(and(eq(participants.companyId, main.id), eq(participants.projectId, projectId)))
    ).map((row) => row.id);
    const rows = ids.flatMap((participantId) =>
      questionIds.flatMap((questionId, k) => {
        const picks = k < 2 ? 2 : 1;
        const chosen = new Set(Array.from({ length: picks }, () => r.pick(choicesOf[k])));
        return [...chosen].map((choiceId) => ({
          companyId: main.id,
          projectId,
          participantId,
          questionId,
          choiceId,
        }));
      }),
    );
    for (let k = 0; k < rows.length; k += 2000)
      await db.insert(participantAnswers).values(rows.slice(k, k + 2000));

    const deps = { db } as Parameters<typeof readScoringInput>[0];
    const direct = async () => {
      const { questions, people: scored } = await readScoringInput(deps, projectId);
      const matrix = await scoreProject(questions, effectiveAnswers(questions, scored), { threads: 2 });
      const all = scored.map((_, k) => k);
      return sortedPairs(matrix.n, all, all, (i, j) => matrix.values[triangleIndex(matrix.n, i, j)]);
    };
    const view = (page: number) => () => call('GET', `/api/projects/${projectId}/scores/view?page=${page}`);
    const cases: BenchCase[] = [
      {
        name: 'view-cold',
        description: 'page 3 of every pair, nothing kept: read, score (kernel, 2 threads), sort',
        prepare: async () => {
          forgetLiveScores();
          forgetSortedPairs();
        },
        rounds: { warmup: 1, iterations: 5 },
        subject: view(3),
        baseline: direct,
        async check() {
          const body = await view(3)();
          if (body.total !== (people * (people - 1)) / 2) throw new Error(`view-cold: total ${body.total}`);
        },
      },
      {
        name: 'view-paging',
        description: 'page 40 of the same pairs, kept: the answers read again, a slice',
        subject: view(40),
        baseline: () => readScoringInput(deps, projectId),
      },
      {
        name: 'averages',
        description: 'every person against everyone, scores kept',
        subject: () => call('GET', `/api/projects/${projectId}/scores/averages`),
        baseline: async () => {
          const live = await liveScores(deps, projectId);
          const all = live.ids.map((_, k) => k);
          const { n, values } = live.matrix;
          return averages(all, all, (i, j) => values[triangleIndex(n, i, j)]);
        },
      },
    ];
    return {
      facts: { people, pairs: (people * (people - 1)) / 2, answers: rows.length },
      cases,
      close: () => app.close(),
    };
  },
});
