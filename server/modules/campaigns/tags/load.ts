import { and, eq } from 'drizzle-orm';
import type { Language } from '../../../../contracts/http';
import { anyOf } from '../../../db/any-of';
import type { Executor } from '../../../db/client';
import { participants, persons, projects, questions } from '../../../db/schema';
import type { Deps } from '../../../deps';
import { participantsMeetings } from '../../b2b/meeting-repository';
import { feedPath, newFeedToken } from '../../calendar/feed-service';
import { findFeeds, insertMissingFeeds, listDatedOfParticipants } from '../../calendar/repository';
import { findPages, insertMissingPages, listSeatsOf } from '../../personal-pages/repository';
import { newPageToken, pagePath, roundsOf } from '../../personal-pages/service';
import type { MeetingItem, ProgrammeItem, ProjectValues, RecipientValues } from './tag-values';

/**
 * What the tags of a message need, for a whole list of recipients, in a few set-based queries (one per kind of data,
 * whatever the number of people): only what the tags used ask for. Personal pages and calendar feeds are made for
 * those who have none when a tag links to them (never replacing an existing one).
 */

export interface Recipient extends RecipientValues {
  participantId: string;
  email: string | null;
  language: Language;
}

export interface Loaded {
  project: ProjectValues & { timeZone: string };
  recipients: Map<string, Recipient>;
}

/** The tags whose value is the personal page's address (or drawn from it). */
const PAGE_TAGS = ['surveyLink', 'dashboardLink', 'qrCode'];

type Scope = { companyId: string; projectId: string };
type NewToken = {
  companyId: string;
  projectId: string;
  participantId: string;
  token: string;
  createdAt: Date;
};

/** The tokens of these participants, made for those who have none; a token made meanwhile elsewhere is kept. */
async function tokensFor(
  ids: string[],
  find: () => Promise<{ participantId: string | null; token: string }[]>,
  insert: (rows: NewToken[]) => Promise<{ participantId: string | null; token: string }[]>,
  make: (participantId: string) => NewToken,
) {
  const tokens = new Map<string, string>();
  for (const row of await find()) if (row.participantId) tokens.set(row.participantId, row.token);
  const missing = ids.filter((id) => !tokens.has(id));
  if (missing.length === 0) return tokens;
  for (let i = 0; i < missing.length; i += 1000) {
    const written = await insert(missing.slice(i, i + 1000).map(make));
    for (const row of written) if (row.participantId) tokens.set(row.participantId, row.token);
  }
  // Someone made one of them between the read and the write: read theirs.
  if (missing.some((id) => !tokens.has(id))) {
    for (const row of await find()) if (row.participantId) tokens.set(row.participantId, row.token);
  }
  return tokens;
}

const meetingItem = (
  row: Awaited<ReturnType<typeof participantsMeetings>>[number],
  me: string,
): MeetingItem => {
  const isA = row.aId === me;
  return {
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    with: isA
      ? { name: `${row.bFirstName} ${row.bLastName}`, organisation: row.bOrganisation }
      : { name: `${row.aFirstName} ${row.aLastName}`, organisation: row.aOrganisation },
    tableNumber: row.mode === 'virtual' ? null : row.tableNumber,
    sessionName: row.sessionName,
  };
};

/** Groups rows by participant, keeping their order. */
function byParticipant<T>(rows: readonly T[], whose: (row: T) => string) {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const id = whose(row);
    const list = out.get(id);
    if (list) list.push(row);
    else out.set(id, [row]);
  }
  return out;
}

/**
 * Loads the project and these participants (of this project of this company only) with what `tags` need. Queries
 * run one after another: `db` may be the caller's transaction.
 */
export async function loadForTags(
  deps: Deps,
  db: Executor,
  scope: Scope,
  participantIds: readonly string[],
  tags: ReadonlySet<string>,
): Promise<Loaded | undefined> {
  const [proj] = await db
    .select({
      nameFr: projects.nameFr,
      nameEn: projects.nameEn,
      supportEmail: projects.supportEmail,
      projectEmail: projects.projectEmail,
      timeZone: projects.timeZone,
    })
    .from(projects)
    .where(and(eq(projects.companyId, scope.companyId), eq(projects.id, scope.projectId)));
  if (!proj) return undefined;
  let hasQuestionnaire = false;
  if (tags.has('surveyLink')) {
    const [asked] = await db
      .select({ id: questions.id })
      .from(questions)
      .where(
        and(
          eq(questions.projectId, scope.projectId),
          eq(questions.status, 'active'),
          eq(questions.visibility, 'participants'),
        ),
      )
      .limit(1);
    hasQuestionnaire = Boolean(asked);
  }
  const project = {
    name: { fr: proj.nameFr, en: proj.nameEn },
    supportEmail: proj.supportEmail?.trim() || proj.projectEmail?.trim() || null,
    hasQuestionnaire,
    timeZone: proj.timeZone,
  };

  const people = await db
    .select({
      id: participants.id,
      email: persons.email,
      firstName: persons.firstName,
      lastName: persons.lastName,
      language: persons.language,
    })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(
      and(
        eq(participants.companyId, scope.companyId),
        eq(participants.projectId, scope.projectId),
        anyOf(participants.id, participantIds),
      ),
    );
  const recipients = new Map<string, Recipient>();
  for (const p of people) {
    recipients.set(p.id, {
      participantId: p.id,
      email: p.email || null,
      language: p.language === 'en' ? 'en' : 'fr',
      firstName: p.firstName,
      lastName: p.lastName,
    });
  }
  const ids = [...recipients.keys()];
  if (ids.length === 0) return { project, recipients };
  const base = deps.config.publicUrl.replace(/\/+$/, '');
  const now = deps.now();
  const owner = (participantId: string) => ({ ...scope, participantId, createdAt: now });

  if (PAGE_TAGS.some((tag) => tags.has(tag))) {
    const pages = await tokensFor(
      ids,
      () => findPages(db, ids),
      (rows) => insertMissingPages(db, rows),
      (id) => ({ ...owner(id), token: newPageToken() }),
    );
    for (const [id, token] of pages) {
      const r = recipients.get(id);
      if (r) r.pageUrl = `${base}${pagePath(token)}`;
    }
  }
  if (tags.has('calendar')) {
    const feeds = await tokensFor(
      ids,
      () => findFeeds(db, scope.projectId, ids),
      (rows) => insertMissingFeeds(db, rows),
      (id) => ({ ...owner(id), token: newFeedToken() }),
    );
    for (const [id, token] of feeds) {
      const r = recipients.get(id);
      if (r) r.feedUrl = `${base}${feedPath(token)}`;
    }
  }
  if (tags.has('networking')) {
    const seats = byParticipant(await listSeatsOf(db, scope.projectId, ids), (row) => row.participantId);
    for (const [id, r] of recipients) r.rounds = roundsOf(seats.get(id) ?? []);
  }
  if (tags.has('program')) {
    const rows = await listDatedOfParticipants(db, scope.projectId, ids);
    const dated = byParticipant(rows, (row) => row.participantId);
    for (const [id, r] of recipients) {
      r.programme = (dated.get(id) ?? []).map(
        (row): ProgrammeItem => ({
          startsAt: row.startsAt as Date,
          endsAt: new Date((row.startsAt as Date).getTime() + row.durationMinutes * 60_000),
          title: { fr: row.titleFr, en: row.titleEn },
          location: row.location,
        }),
      );
    }
  }
  if (tags.has('program') || tags.has('meetings')) {
    for (const r of recipients.values()) r.meetings = [];
    for (const row of await participantsMeetings(db, scope.projectId, ids)) {
      for (const me of [row.aId, row.bId]) recipients.get(me)?.meetings?.push(meetingItem(row, me));
    }
  }
  return { project, recipients };
}
