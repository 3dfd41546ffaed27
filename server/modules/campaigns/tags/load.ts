import { and, eq } from 'drizzle-orm';
import type { Language } from '../../../../contracts/http';
import type { Executor } from '../../../db/client';
import { projects, questions } from '../../../db/schema';
import type { Deps } from '../../../deps';
import { participantsMeetings } from '../../b2b/meeting-repository';
import { feedPath, newFeedToken } from '../../calendar/feed-service';
import {
  findFeeds,
  findParticipants,
  insertMissingFeeds,
  listDatedOfParticipants,
} from '../../calendar/repository';
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

type TokenRow = { participantId: string | null; token: string };

/** The tokens of these participants, made for those who have none; a token made meanwhile elsewhere is kept. */
async function tokensFor(
  ids: string[],
  store: { find: () => Promise<TokenRow[]>; insert: (rows: NewToken[]) => Promise<TokenRow[]> },
  make: (participantId: string) => NewToken,
) {
  const tokens = new Map<string, string>();
  const keep = (rows: TokenRow[]) => {
    for (const row of rows) if (row.participantId) tokens.set(row.participantId, row.token);
  };
  keep(await store.find());
  const missing = ids.filter((id) => !tokens.has(id));
  for (let i = 0; i < missing.length; i += 1000)
    keep(await store.insert(missing.slice(i, i + 1000).map(make)));
  // Someone made one of them between the read and the write: read theirs.
  if (missing.some((id) => !tokens.has(id))) keep(await store.find());
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

  const people = await findParticipants(db, scope.companyId, scope.projectId, participantIds);
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
  /** Each recipient's address of this kind (page or feed), its token made for those who have none. */
  const addresses = async (
    store: { find: () => Promise<TokenRow[]>; insert: (rows: NewToken[]) => Promise<TokenRow[]> },
    newToken: () => string,
    path: (token: string) => string,
    set: (recipient: Recipient, url: string) => void,
  ) => {
    const tokens = await tokensFor(ids, store, (participantId) => ({
      ...scope,
      participantId,
      token: newToken(),
      createdAt: now,
    }));
    for (const [id, token] of tokens) {
      const recipient = recipients.get(id);
      if (recipient) set(recipient, `${base}${path(token)}`);
    }
  };
  if (PAGE_TAGS.some((tag) => tags.has(tag))) {
    const store = {
      find: () => findPages(db, ids),
      insert: (rows: NewToken[]) => insertMissingPages(db, rows),
    };
    await addresses(store, newPageToken, pagePath, (r, url) => {
      r.pageUrl = url;
    });
  }
  if (tags.has('calendar')) {
    const store = {
      find: () => findFeeds(db, scope.projectId, ids),
      insert: (rows: NewToken[]) => insertMissingFeeds(db, rows),
    };
    await addresses(store, newFeedToken, feedPath, (r, url) => {
      r.feedUrl = url;
    });
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
