import { stringify } from 'csv-stringify/sync';
import type { Deps } from '../../deps';
import { translator } from '../../i18n';
import { csvSafe } from '../participants/export';
import type { AuthContext } from '../session/auth-context';
import type { ImportKindName } from './kind';
import { kindNamed } from './kinds';
import { translateReason } from './present';
import { isProblem, loadState, requireProject, rowsOf } from './state';

/**
 * The two downloads of an import: the error report (CSV) and the template (.xlsx, the kind's own).
 */

export async function errorReport(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  id: string,
  kindName: ImportKindName = 'participants',
) {
  const kind = kindNamed(kindName);
  const state = await loadState(deps, auth, projectId, id, kindName);
  const t = translator(auth.locale);
  const targets = await kind.targets(deps.db, auth.companyId, projectId);
  const lines = (await rowsOf(deps, state))
    .filter(isProblem)
    .map((r) => [
      r.line,
      ...kind.report.cells(r),
      r.reasons.map((x) => translateReason(x, t, targets, auth.locale)).join(' ; '),
    ]);
  const header = [
    t('participantImport.report.line'),
    ...kind.report.headers.map((key) => t(key)),
    t('participantImport.report.reasons'),
  ];
  // A BOM so that Excel reads the accents right.
  // Every cell made formula-safe: a rejected e-mail cell is whatever the file held (`=HYPERLINK(…)`).
  return `\uFEFF${stringify([header, ...lines].map((row) => row.map((cell) => csvSafe(String(cell)))))}`;
}

export async function template(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  kindName: ImportKindName = 'participants',
) {
  await requireProject(deps.db, auth.companyId, projectId);
  return kindNamed(kindName).template(deps, auth, projectId);
}
