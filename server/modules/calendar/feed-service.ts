import { randomBytes } from 'node:crypto';
import { FEED_FILE_PATTERN } from '../../../contracts/calendar';
import type { Language } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { translator } from '../../i18n';
import { assertProject } from '../activities/category-service';
import { participantMeetings, projectMeetings } from '../b2b/meeting-repository';
import { findProject } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
import { writeFeed } from './ics';
import * as repo from './repository';

/**
 * iCalendar feeds: one for the project (every dated activity) and one per participant (the activities they are
 * inscribed in or host), each read by calendar applications at a secret address, `/calendar/<token>.ics`, without a
 * session. The token is kept as it is (the organiser copies the address again later); regenerating replaces it, and
 * the old address answers 404 from then on.
 */

type Project = NonNullable<Awaited<ReturnType<typeof findProject>>>;

/** The public address of a feed with this token. */
export const feedPath = (token: string) => `/calendar/${token}.ics`;
/** A new secret feed token: 24 random bytes in base64url. */
export const newFeedToken = () => randomBytes(24).toString('base64url');

async function ownerOf(db: Executor, auth: AuthContext, projectId: string, participantId: string | null) {
  const project = await assertProject(db, auth, projectId);
  const participant = participantId
    ? await repo.findParticipant(db, auth.companyId, projectId, participantId)
    : null;
  if (participantId && !participant) throw AppError.notFound();
  return { project, participant };
}

export async function getFeed(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  participantId: string | null,
) {
  await ownerOf(deps.db, auth, projectId, participantId);
  const feed = await repo.findFeed(deps.db, projectId, participantId);
  return { path: feed ? feedPath(feed.token) : null, createdAt: feed?.createdAt ?? null };
}

/** A new secret address for the feed (made the first time); the previous one stops answering. */
export async function regenerateFeed(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  participantId: string | null,
) {
  await ownerOf(deps.db, auth, projectId, participantId);
  const token = newFeedToken();
  const now = deps.now();
  await repo.saveFeedToken(deps.db, { companyId: auth.companyId, projectId, participantId }, token, now);
  return { path: feedPath(token), createdAt: now };
}

const languageOf = (project: Project): Language => (project.defaultLanguage === 'en' ? 'en' : 'fr');

/** The file of the project's feed, or of one participant's. */
async function feedFile(
  db: Executor,
  project: Project,
  participant: { id: string; firstName: string; lastName: string } | null,
  now: Date,
) {
  const language = languageOf(project);
  const projectName = language === 'en' ? project.nameEn : project.nameFr;
  const activities = participant
    ? await repo.listDatedOfParticipant(db, project.id, participant.id)
    : await repo.listDated(db, project.id);
  const meetings = participant
    ? await participantMeetings(db, project.id, participant.id)
    : await projectMeetings(db, project.companyId, project.id);
  const t = translator(language);
  return writeFeed({
    name: participant ? `${projectName} — ${participant.firstName} ${participant.lastName}` : projectName,
    timeZone: project.timeZone,
    language,
    activities,
    now,
    meetings: meetings.map((m) => {
      const a = `${m.aFirstName} ${m.aLastName}`;
      const b = `${m.bFirstName} ${m.bLastName}`;
      const other = participant && m.aId === participant.id ? b : a;
      return {
        id: m.id,
        startsAt: m.startsAt,
        endsAt: m.endsAt,
        updatedAt: m.updatedAt,
        summary: participant
          ? t('b2b.feed.withOther', { other, table: m.tableNumber })
          : t('b2b.feed.pair', { a, b, table: m.tableNumber }),
        location: m.mode === 'virtual' ? t('b2b.feed.virtual') : (m.sessionName ?? null),
      };
    }),
  });
}

/** The download from the back office: the same file as the feed, named after the project (or participant). */
export async function downloadFeed(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  participantId: string | null,
) {
  const { project, participant } = await ownerOf(deps.db, auth, projectId, participantId);
  const body = await feedFile(deps.db, project, participant ?? null, deps.now());
  const base = participant ? `${participant.firstName} ${participant.lastName}` : project.nameFr;
  return { body, filename: `${base.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'calendar'}.ics` };
}

/** The public address: the file of the feed this token opens, or 404 (unknown, replaced, or not even a token). */
export async function readFeed(deps: Deps, file: string) {
  const token = FEED_FILE_PATTERN.exec(file)?.[1];
  const feed = token ? await repo.findFeedByToken(deps.db, token) : undefined;
  if (!feed) throw AppError.notFound();
  const project = await findProject(deps.db, feed.companyId, feed.projectId);
  if (!project) throw AppError.notFound();
  const participant = feed.participantId
    ? await repo.findParticipant(deps.db, feed.companyId, feed.projectId, feed.participantId)
    : null;
  if (feed.participantId && !participant) throw AppError.notFound();
  return feedFile(deps.db, project, participant ?? null, deps.now());
}
