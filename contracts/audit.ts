/** Issue 22: the audit log — who changed what, when (administrators only). docs/audit.md. */
import { z } from 'zod';
import { defineEndpoint, listQuery, listResponse, timestamp } from './http';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_SORTABLE } from './list-sorts';

/** What a change was made to, and what was done (contracts/list-sorts.ts: the router's URL state reads them too). */
export { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_SORTABLE };
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
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

export const auditEvent = z.object({
  id: z.uuid(),
  at: timestamp,
  /** The author as named when the change was made (their account may be gone since). */
  actorName: z.string(),
  actorUserId: z.uuid().nullable(),
  projectId: z.uuid().nullable(),
  projectName: z.string().nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.uuid().nullable(),
  entityLabel: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** The names of the fields that changed, never their values. */
  fields: z.array(z.string()),
  count: z.number().int(),
});
export type AuditEvent = z.input<typeof auditEvent>;

export const auditListQuery = listQuery(AUDIT_SORTABLE).extend(auditFilters.shape);
export type AuditListQuery = z.input<typeof auditListQuery>;

export const listAuditEvents = defineEndpoint({
  method: 'GET',
  path: '/api/audit',
  access: 'admin',
  tag: 'audit',
  summary: 'Issue 22 the audit log of the company, filtered, newest first (administrators only)',
  query: auditListQuery,
  response: listResponse(auditEvent),
});

/** The filtered events (every page) as CSV. */
export const auditExportQuery = auditListQuery.omit({ page: true, pageSize: true });
export type AuditExportQuery = z.input<typeof auditExportQuery>;

export const exportAuditEventsCsv = defineEndpoint({
  method: 'GET',
  path: '/api/audit/export.csv',
  access: 'admin',
  tag: 'audit',
  summary: 'Issue 22 the filtered audit log as CSV (UTF-8, administrators only)',
  query: auditExportQuery,
  response: z.string(),
});

/** The people who appear in the log, for the actor filter. */
export const listAuditActors = defineEndpoint({
  method: 'GET',
  path: '/api/audit/actors',
  access: 'admin',
  tag: 'audit',
  summary: 'Issue 22 the authors named in the audit log (for its filter)',
  response: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
