/**
 * Issue 22: how the services write the audit log (docs/audit.md), apart from ./service.ts (the log's list, export and
 * purge), so that the services it reads from can import it without a cycle.
 */
import type { AuditAction, AuditEntity } from '../../../contracts/audit';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/** Who made the change: the signed-in user (their company scopes the event). */
export type AuditActor = Pick<AuthContext, 'userId' | 'companyId'>;

/** What changed: the record (its name at the time), the action, the NAMES of the fields (never their values). */
export interface AuditChange {
  entity: AuditEntity;
  action: AuditAction;
  projectId?: string | null;
  entityId?: string | null;
  label?: string;
  fields?: string[];
  count?: number;
}

/**
 * Issue 22: records one event of the audit log. Called by a service with ITS transaction, so a change rolled back
 * leaves no event (docs/audit.md).
 */
export function recordAudit(db: Executor, actor: AuditActor, change: AuditChange) {
  const { label, ...rest } = change;
  return repo.insertEvent(db, {
    ...rest,
    entityLabel: label ?? '',
    companyId: actor.companyId,
    actorUserId: actor.userId,
  });
}

/** `recordAudit` for one kind of record: `const audit = auditTrail('participant')`, then one line per change. */
export const auditTrail =
  (entity: AuditEntity) => (db: Executor, actor: AuditActor, change: Omit<AuditChange, 'entity'>) =>
    recordAudit(db, actor, { entity, ...change });

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date) && !('id' in v);

/** What a record's presentation holds that is no field of it (moved by every save). */
const NOT_FIELDS = new Set(['id', 'personId', 'createdAt', 'updatedAt', 'version', 'updatedBy', 'savedBy']);

/**
 * The names of the fields whose value differs between two presentations of a record (compared as JSON). A value that
 * is a plain record of values (a profile, a text in two languages) names its parts: `profile.<key>`, `title.fr`.
 */
export function changedFields(before: object, after: object): string[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  return Object.keys({ ...a, ...b }).flatMap((key) => {
    if (NOT_FIELDS.has(key)) return [];
    if (isPlain(a[key]) && isPlain(b[key])) return changedFields(a[key], b[key]).map((k) => `${key}.${k}`);
    return JSON.stringify(a[key]) === JSON.stringify(b[key]) ? [] : [key];
  });
}
