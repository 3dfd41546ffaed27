/**
 * RS4 edit conflicts (docs/conflicts.md): a versioned save first claims the record with ONE conditional UPDATE
 * (`… WHERE id = $id AND company_id = $company AND version = $version`), which raises the version, records who saved
 * and locks the row until the service's transaction ends. A second save that loaded the same version then updates
 * 0 rows (PostgreSQL re-reads the row it waited for and finds the new version): 409 naming who saved in between.
 * A caller that sends no version (imports, API callers, bulk actions) is not checked: last write wins, and the
 * version and author still move on, so forms that loaded before see the change.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { EditConflict } from '../../contracts/edit-conflict';
import { AppError } from '../http/errors';
import { translator } from '../i18n';
import type { AuthContext } from '../modules/session/auth-context';
import type { Executor } from './client';
import { type activities, type participants, projects, type questions, users } from './schema';

/** The tables whose edit forms send the version they loaded. */
export type VersionedTable = typeof participants | typeof activities | typeof questions | typeof projects;

/** Where the record is: its id, and its project when the table belongs to one (the company always scopes). */
export interface VersionedTarget {
  table: VersionedTable;
  id: string;
  projectId?: string;
}

function scope(target: VersionedTarget, companyId: string) {
  const { table } = target;
  return and(
    eq(table.id, target.id),
    eq(table.companyId, companyId),
    target.projectId && 'projectId' in table ? eq(table.projectId, target.projectId) : undefined,
  );
}

/**
 * Claims the record for this save, inside the service's transaction: raises its version and records the author.
 * With `version`, a record saved by someone else since it was loaded throws the conflict; a missing record 404.
 * Returns the new version.
 */
export async function claimVersion(
  tx: Executor,
  auth: AuthContext,
  target: VersionedTarget,
  version: number | undefined,
): Promise<number> {
  const { table } = target;
  const t = table as typeof participants;
  const [claimed] = await tx
    .update(t)
    .set({ version: sql`${t.version} + 1`, updatedBy: auth.userId, updatedAt: new Date() })
    .where(and(scope(target, auth.companyId), version === undefined ? undefined : eq(t.version, version)))
    .returning({ version: t.version });
  if (claimed) return claimed.version;
  throw await conflictOf(tx, auth, target);
}

/** The conflict of a record that exists (else 404): who saved it last and when, in the project's time zone. */
async function conflictOf(tx: Executor, auth: AuthContext, target: VersionedTarget): Promise<AppError> {
  const t = target.table as typeof participants;
  const projectId = target.table === projects ? projects.id : t.projectId;
  const [row] = await tx
    .select({
      updatedAt: t.updatedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      timeZone: sql<string>`(select p.time_zone from projects p where p.id = ${projectId})`,
    })
    .from(t)
    .leftJoin(users, eq(users.id, t.updatedBy))
    .where(scope(target, auth.companyId));
  if (!row) return AppError.notFound();
  const name = row.firstName === null ? null : `${row.firstName} ${row.lastName}`.trim();
  const savedAt = row.updatedAt.toISOString();
  const tr = translator(auth.locale);
  const time = new Intl.DateTimeFormat(auth.locale === 'fr' ? 'fr-CA' : 'en-CA', {
    timeStyle: 'short',
    timeZone: row.timeZone,
  }).format(row.updatedAt);
  const body: EditConflict = { savedBy: { name }, savedAt };
  return new AppError('conflict', 'conflict', {
    titleCode: 'conflicts.savedMeanwhile',
    params: { name: name ?? tr('conflicts.someoneElse'), time },
    extra: body as unknown as Record<string, unknown>,
  });
}
