import type { Language } from '../../../contracts/http';
import type { Deps } from '../../deps';
import { translator } from '../../i18n';
import { isInterrupted } from '../../jobs/liveness';
import type { GenerationRow } from './generation-repository';

/** A running generation whose heartbeat is older than this was lost (its process stopped): it shows as interrupted. */
export const STALE_HEARTBEAT_MS = 2 * 60_000;

export function isStale(row: Pick<GenerationRow, 'status' | 'heartbeatAt'>, now: Date) {
  return (
    (row.status === 'running' || row.status === 'queued') &&
    now.getTime() - row.heartbeatAt.getTime() > STALE_HEARTBEAT_MS
  );
}

/** A stored failure: a locale key under errors.pairings, else the solver's own words. */
export function errorText(error: string | null, language: Language) {
  if (!error) return null;
  if (error.startsWith('errors.')) return translator(language)(error);
  return translator(language)('errors.pairings.solverFailed', { message: error });
}

/**
 * A generation as the API shows it. The 45-minute rule (server/jobs/liveness.ts): one still « en cours » whose
 * heartbeat is that old shows as failed, interrupted (and « Générer » starts a new one, see startGeneration).
 */
export function presentGeneration(deps: Deps, row: GenerationRow, language: Language) {
  const active = row.status === 'queued' || row.status === 'running';
  const interrupted = active && isInterrupted(row.heartbeatAt, deps.now());
  return {
    id: row.id,
    status: (interrupted ? 'failed' : row.status) as 'queued' | 'running' | 'done' | 'failed' | 'cancelled',
    progress: row.progress,
    best: row.best,
    error: errorText(interrupted ? 'errors.pairings.interrupted' : row.error, language),
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    fromRound: row.fromRound,
  };
}
