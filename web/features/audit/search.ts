import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_SORTABLE } from '../../../contracts/list-sorts';
import { listSearchSchema } from '../../components/data-table/list-search';

const optional = z.string().optional().catch(undefined);

/**
 * The audit log's URL (issue 22): the list's state (P5) and its filters — author, record, action, project, days.
 * Anything unreadable falls back to no filter.
 */
export const auditSearch = listSearchSchema(AUDIT_SORTABLE).extend({
  actor: optional,
  project: optional,
  entity: z.enum(AUDIT_ENTITIES).optional().catch(undefined),
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  from: optional,
  to: optional,
});
export type AuditSearch = z.infer<typeof auditSearch>;
