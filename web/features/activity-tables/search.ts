import { z } from 'zod';
import { tableParticipantSortable } from '../../../contracts/activity-table-list';
import { listSearchSchema } from '../../components/data-table/list-search';

/** J7: the tabs of the table assignment page, in their order. */
export const ASSIGNMENT_TABS = ['tables', 'unassigned'] as const;
export type AssignmentTab = (typeof ASSIGNMENT_TABS)[number];

/**
 * The assignment page's state in the URL: the tab, the table shown on "by table", and the list state of the
 * participants without a table. Anything unreadable falls back to the default (read by the router).
 */
export const assignmentSearch = listSearchSchema(tableParticipantSortable).extend({
  tab: z.enum(ASSIGNMENT_TABS).optional().catch(undefined),
  table: z.uuid().optional().catch(undefined),
});
export type AssignmentSearch = z.infer<typeof assignmentSearch>;
