import { decodeMessage, type Language } from '../../../contracts/http';
import { IMPORT_PAGE_SIZE } from '../../../contracts/spreadsheet-import';
import type { Deps } from '../../deps';
import { translator } from '../../i18n';
import type { AuthContext } from '../session/auth-context';
import type { ImportKindName, Targets } from './kind';
import { kindOf } from './kinds';
import {
  busy,
  type ImportState,
  isProblem,
  type LiveRun,
  live,
  loadState,
  requireProject,
  rowsOf,
  type StoredReason,
} from './state';

/**
 * What the import page reads of an import: its state, progress and a page of its rows, translated.
 */

export function translateReason(
  reason: StoredReason,
  t: ReturnType<typeof translator>,
  targets: Targets,
  lang: Language,
) {
  const { key, values } = decodeMessage(reason.message);
  const text = t(key, { ...values, defaultValue: t('validation.invalid') });
  const label = reason.field ? targets.find((x) => x.key === reason.field)?.label[lang] : undefined;
  if (!label) return text;
  return lang === 'fr' ? `${label} : ${text}` : `${label}: ${text}`;
}

/** The targets of a running import, read once for all its polls. */
function runTargets(deps: Deps, run: LiveRun, state: ImportState) {
  if (!run.targets) {
    run.targets = kindOf(state).targets(deps.db, state.companyId, state.projectId);
    run.targets.catch(() => {
      run.targets = undefined;
    });
  }
  return run.targets;
}

export async function present(
  deps: Deps,
  auth: AuthContext,
  state: ImportState,
  query: { page?: number; problems?: boolean } = {},
) {
  const t = translator(auth.locale);
  const kind = kindOf(state);
  const run = live.get(state.id);
  const targets = await (run?.state && busy(state)
    ? runTargets(deps, run, state)
    : kind.targets(deps.db, state.companyId, state.projectId));
  // While the import works, the page shows its progress only: polling never reads the rows.
  const stored = await rowsOf(deps, state);
  const all = query.problems ? stored.filter(isProblem) : stored;
  const page = query.page ?? 1;
  const rows = all.slice((page - 1) * IMPORT_PAGE_SIZE, page * IMPORT_PAGE_SIZE);
  return {
    id: state.id,
    fileName: state.fileName,
    status: state.status,
    progress: Math.round(run?.progress ?? state.progress),
    columns: state.columns,
    mapping: state.mapping,
    targets,
    summary: state.summary,
    // Each kind answers its own row shape (its contract's): typed there, serialised by the response schema.
    rows: rows.map((r) =>
      kind.presentRow({ ...r, reasons: r.reasons.map((x) => translateReason(x, t, targets, auth.locale)) }),
    ) as never[],
    page,
    total: all.length,
    error: state.error ? t(state.error, { defaultValue: t('errors.participantImport.failed') }) : null,
    sendInscription: state.sendInscription,
    updatedAt: new Date(state.updatedAt),
  };
}

export async function getImport(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  id: string,
  query: { page?: number; problems?: boolean },
  kind: ImportKindName = 'participants',
) {
  return present(deps, auth, await loadState(deps, auth, projectId, id, kind), query);
}

/** How long an import is kept after its last step (the server's IMPORT_RETENTION_DAYS), for the page to say. */
export async function importSettings(deps: Deps, auth: AuthContext, projectId: string) {
  await requireProject(deps.db, auth.companyId, projectId);
  return { retentionDays: deps.config.importRetentionDays };
}
