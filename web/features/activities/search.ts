import { z } from 'zod';
import { activitySortable, activityType, hybridType } from '../../../contracts/activity-list';
import { listSearchSchema } from '../../components/data-table/list-search';

/**
 * The activities page's state in the URL (P5): search, sort, page, the type, category, section and hybrid-type
 * filters, "show past activities". Anything unreadable falls back to the
 * default. The router validates the URL with it (kept apart from the page so that the page stays lazily loaded).
 */
export const activitySearch = listSearchSchema(activitySortable).extend({
  type: activityType.optional().catch(undefined),
  categoryId: z.uuid().optional().catch(undefined),
  sectionId: z.uuid().optional().catch(undefined),
  hybridType: hybridType.optional().catch(undefined),
  past: z.boolean().optional().catch(undefined),
});
export type ActivitySearch = z.infer<typeof activitySearch>;
