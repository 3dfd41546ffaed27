import { z } from 'zod';
import { activityType } from './activities';
import { defineEndpoint, encodeMessage, timestamp, uuidParam } from './http';

/**
 * J6: the registration landing page shows the activities the organiser selected (activities.on_landing). The
 * screen lists the selected and the other activities; one save sends the whole selection (the spec's EmidsToSave):
 * the activities named are on the page, every other activity of the project is not.
 */

/** The most activities a project's selection names in one save (a whole project at scale). */
export const LANDING_MAX = 5000;

export const landingActivity = z.object({
  id: z.uuid(),
  title: z.object({ fr: z.string(), en: z.string() }),
  type: activityType,
  /** The start as an instant (null without date), and as the wall time of the project's zone. */
  startsAt: timestamp.nullable(),
  startsAtLocal: z.string().nullable(),
  onLanding: z.boolean(),
});
export type LandingActivity = z.input<typeof landingActivity>;

export const landingSelection = z.object({
  activityIds: z
    .array(uuidParam)
    .max(LANDING_MAX, { error: encodeMessage('validation.tooLong', { maximum: LANDING_MAX }) }),
});
export type LandingSelection = z.input<typeof landingSelection>;

const tag = 'landing';
const projectParams = z.object({ projectId: uuidParam });

export const listLandingActivities = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/landing-activities',
  access: 'user',
  tag,
  summary: 'J6 every activity of the project (by start, then title) with whether it is on the landing page',
  params: projectParams,
  response: z.object({ timeZone: z.string(), items: z.array(landingActivity) }),
});

export const saveLandingSelection = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/landing-activities',
  access: 'user',
  tag,
  summary:
    'J6 save the landing page’s selection: the activities named are on it, every other one of the project is not (one transaction; an id not of this project: 404)',
  params: projectParams,
  body: landingSelection,
  response: z.object({ selected: z.number().int() }),
});
