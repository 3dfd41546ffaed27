import { z } from 'zod';

/**
 * What the activity list keeps in its URL (types, hybrid types, sortable columns), apart from `activities.ts`: the
 * web router reads it on every page, and `activities.ts` brings the rich-text rules that only the forms need.
 */

/**
 * What an activity is. `session` is the programme's own (talk, workshop, plenary); `kiosk`, `media`, `posting` and
 * `forum` are the spec's other sections; `meeting` is a networking meeting, the type the matching module generates.
 */
export const ACTIVITY_TYPES = ['session', 'kiosk', 'media', 'posting', 'forum', 'meeting'] as const;
export const activityType = z.enum(ACTIVITY_TYPES, { error: 'validation.activities.type' });
export type ActivityType = z.infer<typeof activityType>;

export const HYBRID_TYPES = ['inPerson', 'virtual', 'hybrid'] as const;
export const hybridType = z.enum(HYBRID_TYPES, { error: 'validation.activities.hybridType' });
export type HybridType = z.infer<typeof hybridType>;

export const activitySortable = ['title', 'startsAt', 'type', 'duration', 'createdAt'] as const;
