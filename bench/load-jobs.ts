/**
 * The load bench's background work (issue 22, RS6): one participant import saved and one pairing generation, each
 * started during the run by the planner's session, its calls spread over both instances (upload on one, dry run on
 * the other…), polled as the web pages poll; both instances run pg-boss workers and compete for the jobs. Then the
 * checks in the database: each job ran once, nothing is duplicated, every save of the mix is there once.
 */
import type { Database } from '../server/db/client';
import { GENERATION_JOB } from '../server/modules/pairings/generation';
import { IMPORT_JOB } from '../server/modules/spreadsheet-import/runs';
import { type Recorder, type Session, timedCall } from './load-client';
import { LOAD_SIZE, type LoadSeed } from './load-seed';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const PAIRING_ROUNDS = 3;

interface Flow {
  recorder: Recorder;
  baseUrls: string[];
  planner: Session;
  seed: LoadSeed;
}

/** What the polls read: an import's state, or a pairing with its latest generation. */
interface Polled {
  status?: string;
  error?: string | null;
  summary?: { create: number };
  people?: number;
  generation?: { status: string; error: string | null } | null;
}

/** Polls with a GET on each instance in turn (every `everyMs`) until `done` says so; returns the last answer. */
async function pollUntil(
  flow: Flow,
  name: string,
  path: string,
  everyMs: number,
  done: (body: Polled) => boolean,
): Promise<Polled> {
  for (let i = 0; ; i++) {
    const res = await timedCall(flow.recorder, flow.baseUrls, i % 2, flow.planner, name, 'GET', path);
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${res.text.slice(0, 300)}`);
    const body = res.json() as Polled;
    if (done(body)) return body;
    await sleep(everyMs);
  }
}

/** U3 as the import page does it: upload (A), dry run (B), save (A), polled every 500 ms on both. */
export async function importDuringRun(flow: Flow) {
  const { recorder, baseUrls, planner, seed } = flow;
  const base = `/api/projects/${seed.projectId}/participant-imports`;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(seed.importFile)]), 'participants.xlsx');
  const uploaded = await timedCall(recorder, baseUrls, 0, planner, 'import upload', 'POST', base, form);
  if (uploaded.status !== 200) throw new Error(`import upload answered ${uploaded.status}: ${uploaded.text}`);
  const id = (uploaded.json() as { id: string }).id;
  const busy = (b: Polled) => b.status !== 'analysing' && b.status !== 'saving';
  const dry = await timedCall(
    recorder,
    baseUrls,
    1,
    planner,
    'import dry run',
    'POST',
    `${base}/${id}/dry-run`,
  );
  if (dry.status !== 200) throw new Error(`dry run answered ${dry.status}: ${dry.text}`);
  const ready = await pollUntil(flow, 'import progress', `${base}/${id}`, 500, busy);
  if (ready.status !== 'ready') throw new Error(`dry run ended ${ready.status}: ${ready.error}`);
  const save = await timedCall(recorder, baseUrls, 0, planner, 'import save', 'POST', `${base}/${id}/save`, {
    sendInscription: false,
  });
  if (save.status !== 200) throw new Error(`import save answered ${save.status}: ${save.text}`);
  const done = await pollUntil(flow, 'import progress', `${base}/${id}`, 500, busy);
  if (done.status !== 'done') throw new Error(`import save ended ${done.status}: ${done.error}`);
  return { importId: id, created: done.summary?.create ?? 0 };
}

/** M1 + M3: a pairing of the whole project at the 260 tables (created before the run), generated (B), polled every s. */
export async function createPairing(flow: Flow) {
  const res = await timedCall(
    flow.recorder,
    flow.baseUrls,
    0,
    flow.planner,
    'pairing create',
    'POST',
    `/api/projects/${flow.seed.projectId}/pairings`,
    { name: 'Réseautage du midi', categoryId: flow.seed.categoryId, rounds: PAIRING_ROUNDS, algorithm: 1 },
  );
  if (res.status !== 200) throw new Error(`pairing creation answered ${res.status}: ${res.text}`);
  return (res.json() as { id: string }).id;
}

export async function generateDuringRun(flow: Flow, pairingId: string) {
  const path = `/api/projects/${flow.seed.projectId}/pairings/${pairingId}`;
  const started = await timedCall(
    flow.recorder,
    flow.baseUrls,
    1,
    flow.planner,
    'pairing generate',
    'POST',
    `${path}/generation`,
  );
  if (started.status !== 200) throw new Error(`generation answered ${started.status}: ${started.text}`);
  const at = performance.now();
  const end = await pollUntil(flow, 'pairing progress', path, 1000, (p) =>
    ['done', 'failed', 'cancelled'].includes(p.generation?.status ?? ''),
  );
  if (end.generation?.status !== 'done')
    throw new Error(`generation ended ${end.generation?.status}: ${end.generation?.error}`);
  return { seconds: (performance.now() - at) / 1000, people: end.people ?? 0 };
}

export interface Check {
  what: string;
  ok: boolean;
  detail: string;
}

/** What the database holds after the run. */
export async function checkDatabase(
  database: Database,
  seed: LoadSeed,
  run: {
    pairingId: string;
    importEmails: string[];
    saves: number;
    /** Saves cut by the end of a phase: done or not, unknown to the bench. */
    cutSaves: number;
    sessions: number;
    bothInstances: number;
  },
): Promise<Check[]> {
  const q = async <T>(text: string, params: unknown[] = []) =>
    (await database.sql.query<T>(text, params)).rows;
  const checks: Check[] = [];
  const add = (what: string, ok: boolean, detail: string) => checks.push({ what, ok, detail });

  const [sessions] = await q<{ n: number }>(
    `select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email like 'organisatrice-%'`,
  );
  add(
    'sessions in PostgreSQL, each used on both instances',
    sessions.n === run.sessions && run.bothInstances === run.sessions,
    `${sessions.n} session rows for ${run.sessions} sessions; ${run.bothInstances} answered (2xx) by both instances`,
  );

  const jobs = await q<{ name: string; state: string; retries: number; n: number }>(
    `select name, state, retry_count::int as retries, count(*)::int as n from (
       select name, state, retry_count from pgboss.job where name = any($1)
       union all
       select name, state, retry_count from pgboss.archive where name = any($1)) j
     group by 1, 2, 3 order by 1, 2`,
    [[IMPORT_JOB, GENERATION_JOB]],
  );
  const jobsOf = (name: string) => jobs.filter((j) => j.name === name);
  const once = (name: string, expected: number) => {
    const rows = jobsOf(name);
    const ok =
      rows.length === 1 && rows[0].state === 'completed' && rows[0].retries === 0 && rows[0].n === expected;
    add(`pg-boss ${name}: ${expected} job(s), each completed once`, ok, JSON.stringify(rows));
  };
  once(IMPORT_JOB, 2);
  once(GENERATION_JOB, 1);

  const [imported] = await q<{ n: number; distinct: number; total: number }>(
    `select count(*)::int as n, count(distinct lower(p.email))::int as distinct,
            (select count(*)::int from participants where project_id = $1) as total
     from participants x join persons p on p.id = x.person_id
     where x.project_id = $1 and lower(p.email) = any($2)`,
    [seed.projectId, run.importEmails],
  );
  const expectedTotal = LOAD_SIZE.participants + LOAD_SIZE.importRows;
  add(
    'import saved once: every row of the file once, nothing twice',
    imported.n === LOAD_SIZE.importRows &&
      imported.distinct === LOAD_SIZE.importRows &&
      imported.total === expectedTotal,
    `${imported.n} participants from the file (${imported.distinct} distinct e-mails) of ${LOAD_SIZE.importRows}; project total ${imported.total} (expected ${expectedTotal})`,
  );

  const [generations] = await q<{ done: number; all: number }>(
    `select count(*) filter (where status = 'done')::int as done, count(*)::int as all from pairing_generations where pairing_id = $1`,
    [run.pairingId],
  );
  const [seats] = await q<{ n: number; distinct: number; people: number; rounds: number; overfull: number }>(
    `select count(*)::int as n, count(distinct (round, participant_id))::int as distinct,
            count(distinct participant_id)::int as people, count(distinct round)::int as rounds,
            (select count(*)::int from (select 1 from pairing_seats s join activity_tables t on t.id = s.table_id
               where s.pairing_id = $1 group by s.round, s.table_id, t.seats having count(*) > t.seats) o) as overfull
     from pairing_seats where pairing_id = $1`,
    [run.pairingId],
  );
  add(
    'pairing generated once: one generation, each person once per round, no table over its seats',
    generations.done === 1 &&
      generations.all === 1 &&
      seats.n === seats.distinct &&
      seats.n === seats.people * PAIRING_ROUNDS &&
      seats.rounds === PAIRING_ROUNDS &&
      seats.overfull === 0,
    `${generations.all} generation(s), ${generations.done} done; ${seats.n} seats, ${seats.distinct} distinct (round, person), ${seats.people} people × ${seats.rounds} rounds, ${seats.overfull} tables over their seats`,
  );

  const [versions] = await q<{ saves: number }>(
    'select coalesce(sum(version - 1), 0)::int as saves from participants where project_id = $1',
    [seed.projectId],
  );
  add(
    'every save of the mix done once (sum of versions − 1 = saves answered 2xx, + those cut by a phase’s end)',
    versions.saves >= run.saves && versions.saves <= run.saves + run.cutSaves,
    `${versions.saves} in the database; ${run.saves} saves answered 2xx, ${run.cutSaves} cut unanswered`,
  );
  return checks;
}
