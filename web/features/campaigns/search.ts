import { z } from 'zod';
import { listSearchSchema } from '../../components/data-table/list-search';

/**
 * The e-mail page's URL: its tab (`?tab=compose|buyers|log|templates|notifications|unsubscribed`), the batch opened in the
 * log (`&campaign=<id>`) and the log's list state (P5). Kept small, without the campaigns contract: the router reads
 * it on the first page. Anything unreadable falls back to the default.
 */
export const MAIL_TABS = ['compose', 'buyers', 'log', 'templates', 'notifications', 'unsubscribed'] as const;
export type MailTab = (typeof MAIL_TABS)[number];

/** The log's sortable columns (contracts/campaigns.ts `campaignSortable`). */
export const mailSearch = listSearchSchema(['createdAt', 'plannedAt', 'status'] as const).extend({
  tab: z.enum(MAIL_TABS).optional().catch(undefined),
  campaign: z.uuid().optional().catch(undefined),
  /** The log's status filter (contracts/campaigns.ts `CAMPAIGN_STATUSES`). */
  status: z.enum(['planned', 'sending', 'sent', 'cancelled']).optional().catch(undefined),
});
export type MailSearch = z.infer<typeof mailSearch>;
