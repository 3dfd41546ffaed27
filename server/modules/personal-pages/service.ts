import { randomBytes } from 'node:crypto';
import { PERSONAL_PAGE_TOKEN, type PersonalRound } from '../../../contracts/personal-pages';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertProject } from '../activities/category-service';
import { toLocalTime } from '../activities/local-time';
import { participantMeetings } from '../b2b/meeting-repository';
import { feedPath } from '../calendar/feed-service';
import { findFeed, findParticipant, listDatedOfParticipant } from '../calendar/repository';
import { findFile } from '../files/repository';
import { findProject } from '../projects/repository';
import { getOwnAnswers, saveOwnAnswers } from '../questions/answers';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/**
 * Each participant's personal page, at a secret address `/p/<token>` opened without a session. The token is kept as
 * it is (the organiser copies the address again later, messages link to it); a new one replaces it, a revocation
 * deletes it, and the old address answers 404 from then on. A token opens nothing but its own participant's page.
 */

/** The public address of a personal page with this token (a path of this server). */
export const pagePath = (token: string) => `/p/${token}`;
/** The project's logo as the page with this token reads it (the token is the only key to it). */
export const logoPath = (token: string) => `/api/personal-pages/${token}/logo`;
/** A new secret token: 32 random bytes in base64url (43 characters). */
export const newPageToken = () => randomBytes(32).toString('base64url');

async function ownParticipant(deps: Deps, auth: AuthContext, projectId: string, participantId: string) {
  await assertProject(deps.db, auth, projectId);
  const participant = await findParticipant(deps.db, auth.companyId, projectId, participantId);
  if (!participant) throw AppError.notFound();
  return participant;
}

export async function getAddress(deps: Deps, auth: AuthContext, projectId: string, participantId: string) {
  await ownParticipant(deps, auth, projectId, participantId);
  const page = await repo.findPage(deps.db, participantId);
  return { path: page ? pagePath(page.token) : null, createdAt: page?.createdAt ?? null };
}

/** A new secret address (made the first time); the previous one stops answering. */
export async function makeAddress(deps: Deps, auth: AuthContext, projectId: string, participantId: string) {
  await ownParticipant(deps, auth, projectId, participantId);
  const token = newPageToken();
  const now = deps.now();
  await repo.savePageToken(deps.db, { companyId: auth.companyId, projectId, participantId }, token, now);
  return { path: pagePath(token), createdAt: now };
}

export async function revokeAddress(deps: Deps, auth: AuthContext, projectId: string, participantId: string) {
  await ownParticipant(deps, auth, projectId, participantId);
  await repo.deletePage(deps.db, participantId);
  return { path: null, createdAt: null };
}

/** Whose page this token opens, or 404 (unknown, replaced, revoked, or not even a token). */
async function ownerOfToken(deps: Deps, token: string) {
  const page = PERSONAL_PAGE_TOKEN.test(token) ? await repo.findPageByToken(deps.db, token) : undefined;
  if (!page) throw AppError.notFound();
  return page;
}

/** The questionnaire of the page: what the participant sees of their answers (questions module's rules). */
export async function readAnswers(deps: Deps, token: string) {
  return getOwnAnswers(deps, await ownerOfToken(deps, token));
}

export async function saveAnswers(deps: Deps, token: string, answers: Record<string, string[]>) {
  return saveOwnAnswers(deps, await ownerOfToken(deps, token), answers);
}

/** The page this token opens, or 404. */
export async function readPage(deps: Deps, token: string) {
  const page = await ownerOfToken(deps, token);
  const { db } = deps;
  const project = await findProject(db, page.companyId, page.projectId);
  const participant = await findParticipant(db, page.companyId, page.projectId, page.participantId);
  if (!project || !participant) throw AppError.notFound();
  const zone = project.timeZone;
  const activities = await listDatedOfParticipant(db, project.id, participant.id);
  const meetings = await participantMeetings(db, project.id, participant.id);
  const feed = await findFeed(db, project.id, participant.id);
  const seats = await repo.listSeats(db, project.id, participant.id);
  return {
    participant: {
      firstName: participant.firstName,
      lastName: participant.lastName,
      language: participant.language === 'en' ? ('en' as const) : ('fr' as const),
    },
    project: {
      name: { fr: project.nameFr, en: project.nameEn },
      timeZone: zone,
      startsOn: project.startsOn,
      endsOn: project.endsOn,
      languages: project.languages.filter((l): l is 'fr' | 'en' => l === 'fr' || l === 'en'),
      colours: {
        bannerBackground: project.bannerBackgroundColor,
        bannerText: project.bannerTextColor,
        background: project.homeBackgroundColor,
      },
      supportEmail: project.supportEmail,
      logoPath: project.logoFileId ? logoPath(token) : null,
    },
    programme: activities.map((row) => {
      const start = row.startsAt as Date;
      return {
        id: row.id,
        title: { fr: row.titleFr, en: row.titleEn },
        startsAt: start,
        startsAtLocal: toLocalTime(start, zone),
        endsAtLocal: toLocalTime(new Date(start.getTime() + row.durationMinutes * 60_000), zone),
        location: row.location,
      };
    }),
    meetings: meetings.map((m) => {
      const isA = m.aId === participant.id;
      const name = isA ? `${m.bFirstName} ${m.bLastName}` : `${m.aFirstName} ${m.aLastName}`;
      const organisation = isA ? m.bOrganisation : m.aOrganisation;
      return {
        id: m.id,
        startsAt: m.startsAt,
        startsAtLocal: toLocalTime(m.startsAt, zone),
        endsAtLocal: toLocalTime(m.endsAt, zone),
        with: organisation ? `${name} (${organisation})` : name,
        tableNumber: m.mode === 'virtual' ? null : m.tableNumber,
        sessionName: m.sessionName,
        virtual: m.mode === 'virtual',
      };
    }),
    rounds: roundsOf(seats),
    calendarFeedPath: feed ? feedPath(feed.token) : null,
  };
}

/**
 * The project's logo for the page's banner: the bytes of the project's logo image, found through the token alone
 * (not the file's id), so revoking the address cuts it at once; 404 without a logo.
 */
export async function readLogo(deps: Deps, token: string) {
  const page = await ownerOfToken(deps, token);
  const project = await findProject(deps.db, page.companyId, page.projectId);
  const file = project?.logoFileId ? await findFile(deps.db, project.logoFileId) : undefined;
  if (!file || file.companyId !== page.companyId || !file.contentType.startsWith('image/')) {
    throw AppError.notFound();
  }
  const object = await deps.storage.get(file.storageKey);
  if (!object) throw AppError.notFound();
  return { bytes: object.bytes, contentType: file.contentType };
}

/** The seat rows of one participant (one per table-mate, or one alone) as rounds, in their order. */
export function roundsOf(rows: Awaited<ReturnType<typeof repo.listSeats>>) {
  const rounds = new Map<string, PersonalRound>();
  for (const row of rows) {
    const key = `${row.pairingId}:${row.round}`;
    let round = rounds.get(key);
    if (!round) {
      round = {
        pairingId: row.pairingId,
        pairingName: row.pairingName,
        round: row.round + 1,
        table: { number: row.tableNumber, name: row.tableName, location: row.tableLocation },
        mates: [],
      };
      rounds.set(key, round);
    }
    if (row.mateFirstName !== null) {
      round.mates.push({
        name: `${row.mateFirstName} ${row.mateLastName}`,
        organisation: row.mateOrganisation,
      });
    }
  }
  return [...rounds.values()];
}
