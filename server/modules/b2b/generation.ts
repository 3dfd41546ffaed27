import { and, desc, eq, sql } from 'drizzle-orm';
import type { Language } from '../../../contracts/http';
import { meetingGenerations } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { translator } from '../../i18n';
import { isInterrupted, runAlive, whileHolding } from '../../jobs/liveness';
import type { JobDefinition } from '../../jobs/queue';
import type { MeetingsInstance, MeetingsResult } from '../../matching/instance';
import { solveInWorker } from '../../matching/run';
import type { AuthContext } from '../session/auth-context';
import { sessionInstance } from './instance';
import { replaceMeetings } from './meeting-repository';
import * as repo from './repository';
import { loadSession, slotTimes } from './session-service';

/**
 * The generation of a session's meetings, a pg-boss job (`b2b.generate`). Its row says where it is: queued →
 * running (progress, best weight so far, a heartbeat every ~second of solving) → done | failed | cancelled. One
 * queued or running generation per session (a partial unique index: a second start answers 409). A running row whose run
 * died (its lock is free: at once, server/jobs/liveness.ts) or whose heartbeat stopped for STALE_MS is queued again
 * when read and at start-up; a queued one whose job was lost shows as interrupted after 45 minutes (and another can be
 * started). The result replaces the session's meetings in ONE transaction, only if the row is still this run's.
 */
export const GENERATION_JOB = 'b2b.generate';
export const STALE_MS = 60_000;
/** How long the solver may improve (seconds). */
export const GENERATION_SECONDS = 20;
const SEED = 1;

type GenerationRow = typeof meetingGenerations.$inferSelect;

/** The lock a generation's run holds while it works: free means no process works on it. */
const runLock = (generationId: string) => `b2b.generate:${generationId}`;

export const presentGeneration = (row: GenerationRow, language: Language) => ({
  id: row.id,
  status: row.status as 'queued' | 'running' | 'done' | 'failed' | 'cancelled',
  progress: row.progress,
  bestWeight: row.bestWeight,
  bound: row.bound,
  placed: row.placed,
  cancelRequested: row.cancelRequested,
  attempts: row.attempts,
  error: row.error?.startsWith('errors.') ? translator(language)(row.error) : row.error,
  createdAt: row.createdAt,
  finishedAt: row.finishedAt,
});

async function enqueue(deps: Deps, generationId: string) {
  const queue = deps.jobs.boss ? await deps.jobs.boss.getQueue(GENERATION_JOB).catch(() => null) : null;
  if (queue) {
    await deps.jobs.send(GENERATION_JOB, { generationId }, { retryLimit: 0, expireInSeconds: 15 * 60 });
    return;
  }
  // No queue in this process (tests, JOBS=false): run it here, in the background.
  setImmediate(() => {
    void runGeneration(deps, { generationId }).catch((error) =>
      console.error('meeting generation failed:', String((error as Error).message).slice(0, 300)),
    );
  });
}

async function latest(deps: Deps, sessionId: string) {
  const [row] = await deps.db
    .select()
    .from(meetingGenerations)
    .where(eq(meetingGenerations.sessionId, sessionId))
    .orderBy(desc(meetingGenerations.createdAt), desc(meetingGenerations.id))
    .limit(1);
  return row;
}

/**
 * A running generation whose run died (or whose heartbeat stopped) is queued again: its job vanished with its
 * process. A queued one whose job was lost for 45 minutes is failed, interrupted (the 45-minute rule).
 */
async function recover(deps: Deps, row: GenerationRow | undefined) {
  if (row?.status === 'queued' && isInterrupted(row.createdAt, deps.now())) {
    const [failed] = await deps.db
      .update(meetingGenerations)
      .set({ status: 'failed', error: 'errors.b2b.interrupted', finishedAt: deps.now() })
      .where(and(eq(meetingGenerations.id, row.id), eq(meetingGenerations.status, 'queued')))
      .returning();
    return failed ?? row;
  }
  if (row?.status !== 'running') return row;
  const beat = (row.heartbeatAt ?? row.startedAt ?? row.createdAt).getTime();
  if (deps.now().getTime() - beat < STALE_MS && (await runAlive(deps, runLock(row.id)))) return row;
  const [requeued] = await deps.db
    .update(meetingGenerations)
    .set({ status: 'queued', heartbeatAt: null })
    .where(and(eq(meetingGenerations.id, row.id), eq(meetingGenerations.status, 'running')))
    .returning();
  if (requeued) await enqueue(deps, requeued.id);
  return requeued ?? row;
}

export async function startGeneration(deps: Deps, auth: AuthContext, projectId: string, sessionId: string) {
  await loadSession(deps.db, auth, projectId, sessionId);
  const current = await recover(deps, await latest(deps, sessionId));
  if (current && (current.status === 'queued' || current.status === 'running')) {
    throw new AppError('b2b.generationRunning', 'conflict');
  }
  const rows = await deps.db
    .insert(meetingGenerations)
    .values({ companyId: auth.companyId, projectId, sessionId, status: 'queued' })
    .onConflictDoNothing()
    .returning();
  if (!rows.length) throw new AppError('b2b.generationRunning', 'conflict');
  await enqueue(deps, rows[0].id);
  return presentGeneration(rows[0], auth.locale);
}

export async function getGeneration(deps: Deps, auth: AuthContext, projectId: string, sessionId: string) {
  await loadSession(deps.db, auth, projectId, sessionId);
  const row = await recover(deps, await latest(deps, sessionId));
  return { generation: row ? presentGeneration(row, auth.locale) : null };
}

export async function cancelGeneration(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  sessionId: string,
  generationId: string,
) {
  await loadSession(deps.db, auth, projectId, sessionId);
  const [row] = await deps.db
    .update(meetingGenerations)
    .set({
      cancelRequested: true,
      status: sql`case when ${meetingGenerations.status} = 'queued' then 'cancelled' else ${meetingGenerations.status} end`,
      finishedAt: sql`case when ${meetingGenerations.status} = 'queued' then now() else ${meetingGenerations.finishedAt} end`,
    })
    .where(and(eq(meetingGenerations.sessionId, sessionId), eq(meetingGenerations.id, generationId)))
    .returning();
  if (!row) throw AppError.notFound();
  return presentGeneration(row, auth.locale);
}

/**
 * A solver's result as rows of `meetings`: the solver's tables are numbered from 0, the schedule's from 1; each
 * meeting keeps the weight of its (merged) request and the session's times and mode.
 */
export function meetingRows(session: repo.SessionRow, instance: MeetingsInstance, result: MeetingsResult) {
  const weights = new Map(instance.requests.map((r) => [[r.a, r.b].sort().join('|'), r.weight]));
  return result.meetings.map((m) => {
    const times = slotTimes(session, m.slot);
    return {
      participantA: m.a,
      participantB: m.b,
      slot: m.slot,
      tableNumber: m.table + 1,
      startsAt: times.start,
      endsAt: times.end,
      mode: session.mode,
      weight: Math.round(weights.get([m.a, m.b].sort().join('|')) ?? 0),
      origin: 'generated',
    };
  });
}

/** Start-up: the generations the last stop left running are queued again (the ones another instance runs stay). */
export async function recoverB2bGenerations(deps: Deps) {
  const rows = await deps.db
    .select()
    .from(meetingGenerations)
    .where(eq(meetingGenerations.status, 'running'));
  for (const row of rows) await recover(deps, row);
  return rows.length;
}

/** The job: holds the generation's lock (another run of it works elsewhere: nothing to do), then works. */
export async function runGeneration(deps: Deps, data: { generationId: string }) {
  await whileHolding(deps, runLock(data.generationId), () => work(deps, data));
}

/** Claims the queued row, solves, writes the meetings (or the failure). */
async function work(deps: Deps, data: { generationId: string }) {
  const now = deps.now();
  const [row] = await deps.db
    .update(meetingGenerations)
    .set({
      status: 'running',
      attempts: sql`${meetingGenerations.attempts} + 1`,
      startedAt: now,
      heartbeatAt: now,
      progress: 0,
    })
    .where(
      and(
        eq(meetingGenerations.id, data.generationId),
        eq(meetingGenerations.status, 'queued'),
        eq(meetingGenerations.cancelRequested, false),
      ),
    )
    .returning();
  if (!row) return;
  const attempt = row.attempts;
  const mine = and(
    eq(meetingGenerations.id, row.id),
    eq(meetingGenerations.status, 'running'),
    eq(meetingGenerations.attempts, attempt),
  );
  const finish = (values: Partial<typeof meetingGenerations.$inferInsert>) =>
    deps.db
      .update(meetingGenerations)
      .set({ ...values, finishedAt: deps.now() })
      .where(mine);
  try {
    const session = await repo.findSession(deps.db, row.companyId, row.projectId, row.sessionId);
    if (!session) return finish({ status: 'failed', error: 'session deleted' });
    const built = await sessionInstance(deps.db, session);
    const abort = new AbortController();
    let lastBeat = 0;
    let pending: Promise<unknown> = Promise.resolve();
    const result = (await solveInWorker(built.instance, {
      seed: SEED,
      timeLimitSeconds: GENERATION_SECONDS,
      signal: abort.signal,
      onProgress: ({ fraction, best }) => {
        const at = Date.now();
        if (at - lastBeat < 1000) return;
        lastBeat = at;
        pending = pending.then(async () => {
          const [beat] = await deps.db
            .update(meetingGenerations)
            .set({
              progress: Math.min(99, Math.round(fraction * 100)),
              bestWeight: best,
              heartbeatAt: deps.now(),
            })
            .where(mine)
            .returning({ cancel: meetingGenerations.cancelRequested });
          if (!beat || beat.cancel) abort.abort();
        });
      },
    })) as MeetingsResult;
    await pending;
    const [state] = await deps.db.select().from(meetingGenerations).where(eq(meetingGenerations.id, row.id));
    if (state?.cancelRequested) return finish({ status: 'cancelled' });
    await deps.db.transaction(async (tx) => {
      const [held] = await tx.select().from(meetingGenerations).where(mine).for('update');
      if (!held) return;
      await replaceMeetings(
        tx,
        { companyId: row.companyId, projectId: row.projectId, sessionId: row.sessionId },
        meetingRows(session, built.instance, result),
      );
      await tx
        .update(meetingGenerations)
        .set({
          status: 'done',
          progress: 100,
          bestWeight: result.stats.weight,
          bound: result.stats.bound,
          placed: result.meetings.length,
          finishedAt: deps.now(),
        })
        .where(mine);
    });
  } catch (error) {
    await finish({ status: 'failed', error: String((error as Error).message ?? error).slice(0, 500) });
  }
}

export function b2bJobs(deps: () => Deps): JobDefinition[] {
  return [
    { name: GENERATION_JOB, run: async (data) => runGeneration(deps(), data as { generationId: string }) },
  ];
}
