import { z } from 'zod';
import { listSearchSchema } from '../../components/data-table/list-search';

/**
 * The sales page's URL (S1): its tab (`?tab=sales|pending|courtesy|archive`), the sale open in the detail panel
 * (`&sale=<id>`) and the list's state (P5). Anything unreadable falls back to the default.
 */
export const SALES_TABS = ['sales', 'pending', 'courtesy', 'archive'] as const;
export type SalesTab = (typeof SALES_TABS)[number];

export const salesSearch = listSearchSchema(['createdAt', 'buyer', 'total', 'status'] as const).extend({
  tab: z.enum(SALES_TABS).optional().catch(undefined),
  sale: z.uuid().optional().catch(undefined),
});
export type SalesSearch = z.infer<typeof salesSearch>;
