import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  downloadParticipantCalendar,
  downloadProjectCalendar,
  getActivityCalendar,
  getParticipantCalendarFeed,
  getProjectCalendarFeed,
  readCalendarFeed,
  regenerateParticipantCalendarFeed,
  regenerateProjectCalendarFeed,
  rescheduleActivity,
} from '../../../contracts/calendar';
import { listParticipantAgenda } from '../../../contracts/participant-agenda';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { attachment } from '../files/routes';
import { participantAgenda } from './agenda';
import * as feeds from './feed-service';
import * as service from './service';

/** Reads of the public feed addresses per client address and minute (calendar applications read hourly or so). */
export const FEED_READS_PER_MINUTE = 30;

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** A feed's text, sent as it is (not as JSON): the route's schema is a string, the type says what it is. */
const sendCalendar = (reply: FastifyReply, body: string, filename?: string) => {
  if (filename) reply.header('content-disposition', attachment(filename));
  return reply
    .type(CALENDAR_TYPE)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body) as never;
};

export function registerCalendarRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listParticipantAgenda, ({ auth, params }) =>
    participantAgenda(deps, auth, params.projectId, params.participantId),
  );
  route(app, getActivityCalendar, ({ auth, params, query }) =>
    service.getCalendar(deps, auth, params.projectId, query),
  );
  route(app, rescheduleActivity, ({ auth, params, body }) =>
    service.rescheduleActivity(deps, auth, params.projectId, params.activityId, body),
  );

  route(app, getProjectCalendarFeed, ({ auth, params }) => feeds.getFeed(deps, auth, params.projectId, null));
  route(app, regenerateProjectCalendarFeed, ({ auth, params }) =>
    feeds.regenerateFeed(deps, auth, params.projectId, null),
  );
  route(app, getParticipantCalendarFeed, ({ auth, params }) =>
    feeds.getFeed(deps, auth, params.projectId, params.participantId),
  );
  route(app, regenerateParticipantCalendarFeed, ({ auth, params }) =>
    feeds.regenerateFeed(deps, auth, params.projectId, params.participantId),
  );

  const download = async (reply: FastifyReply, file: { body: string; filename: string }) =>
    sendCalendar(reply, file.body, file.filename);
  route(app, downloadProjectCalendar, async ({ auth, params, reply }) =>
    download(reply, await feeds.downloadFeed(deps, auth, params.projectId, null)),
  );
  route(app, downloadParticipantCalendar, async ({ auth, params, reply }) =>
    download(reply, await feeds.downloadFeed(deps, auth, params.projectId, params.participantId)),
  );

  // No session: the secret address is the key. Limited per client address, before anything is read.
  route(
    app,
    readCalendarFeed,
    async ({ params, reply }) => sendCalendar(reply, await feeds.readFeed(deps, params.file)),
    { rateLimit: { max: FEED_READS_PER_MINUTE, timeWindow: 60_000 } },
  );
}
