import { z } from 'zod';
import { B2B_REQUEST_SORTABLE, B2B_SESSION_SORTABLE } from '../../../contracts/list-sorts';
import { listSearchSchema } from '../../components/data-table/list-search';

/**
 * The B2B pages' state in the URL: the sessions list (P5), and a session's tab, its requests list and the schedule's
 * view (by person or by table) with the person shown. Anything unreadable falls back to the default.
 */
export const b2bListSearch = listSearchSchema(B2B_SESSION_SORTABLE);
export type B2bListSearch = z.infer<typeof b2bListSearch>;

export const B2B_TABS = ['requests', 'preflight', 'schedule', 'explanations'] as const;
export type B2bTab = (typeof B2B_TABS)[number];

export const b2bSessionSearch = listSearchSchema(B2B_REQUEST_SORTABLE).extend({
  tab: z.enum(B2B_TABS).optional().catch(undefined),
  view: z.enum(['person', 'table']).optional().catch(undefined),
  person: z.uuid().optional().catch(undefined),
});
export type B2bSessionSearch = z.infer<typeof b2bSessionSearch>;
