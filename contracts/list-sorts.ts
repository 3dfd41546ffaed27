/**
 * The sortable columns of lists whose state the router reads on every page (web/app/routes/*.ts), apart from their
 * contracts so that the first page does not carry those contracts' endpoints and schemas.
 */
export const projectSortable = ['name', 'startsOn', 'endsOn', 'createdAt', 'isActive'] as const;
export const companySortable = ['name', 'createdAt', 'projectCount'] as const;
export const companySwitchSortable = ['switchedAt', 'userEmail'] as const;
export const B2B_REQUEST_SORTABLE = ['requester', 'requested', 'weight', 'source'] as const;
export const B2B_SESSION_SORTABLE = ['name', 'startsAt'] as const;
/** The score exports' kinds (pairs, averages, stored averages). */
export const SCORE_EXPORT_KINDS = ['pairs', 'averages', 'stored'] as const;
/** Issue 22: the audit log's sortable columns (newest first when none is chosen), what it records and the actions. */
export const AUDIT_SORTABLE = ['at', 'actor', 'entity', 'action'] as const;
export const AUDIT_ENTITIES = [
  'participant',
  'activity',
  'payment',
  'sale',
  'access',
  'user',
  'role',
  'groupCategory',
  'group',
  'question',
  'choice',
  'campaign',
  'project',
  'profileField',
] as const;
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'import',
  'grant',
  'revoke',
  'refund',
  'invite',
  'send',
  'plan',
  'cancel',
] as const;
