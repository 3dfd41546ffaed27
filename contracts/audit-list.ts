/**
 * Issue 22: the audit log's filters, apart from contracts/audit.ts so that the router's URL state reads them without
 * the endpoints (kept light for the first page). docs/audit.md.
 */
import { z } from 'zod';

/** What a change was made to. */
export const AUDIT_ENTITIES = ['participant', 'activity', 'payment', 'sale', 'access', 'user'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What was done. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'import', 'grant', 'revoke', 'refund', 'invite'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const day = (field: string) => z.iso.date({ error: `validation.audit.${field}` }).optional();

/** The filters of the log (each optional); days are YYYY-MM-DD, read in the project's zone (docs/audit.md). */
export const auditFilters = z.object({
  actor: z.uuid({ error: 'validation.audit.actor' }).optional(),
  entity: z.enum(AUDIT_ENTITIES, { error: 'validation.audit.entity' }).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'validation.audit.action' }).optional(),
  project: z.uuid({ error: 'validation.audit.project' }).optional(),
  from: day('from'),
  to: day('to'),
});
export type AuditFilters = z.infer<typeof auditFilters>;
