import { z } from 'zod';

/** V4: the tabs of an activity's edition, in their order; the open one is in the URL (`?tab=`). */
export const EDITION_TABS = [
  'configuration',
  'options',
  'subscribe',
  'participation',
  'visual',
  'link',
] as const;
export type EditionTab = (typeof EDITION_TABS)[number];

export const activityEditionSearch = z.object({
  tab: z.enum(EDITION_TABS).optional().catch(undefined),
});

/** What every tab receives: the activity's project and id (each tab loads what it shows). */
export interface EditionTabProps {
  projectId: string;
  activityId: string;
}
