import type { TFunction } from 'i18next';
import type { Language } from '../../../../contracts/http';
import type { PersonalRound } from '../../../../contracts/personal-pages';
import { byDay, type Clock, type Fragment } from './fragments';

/**
 * What each offered tag renders for one recipient, from what was loaded for the whole list (./load.ts). Pure: the
 * unit tests call it with plain values. Texts under `mail.tags.` in locales/<lang>/mail.json.
 */

export interface ProjectValues {
  name: { fr: string; en: string };
  /** The support e-mail, else the project's own; null when the project has neither. */
  supportEmail: string | null;
  /** Whether the project asks participants anything on their page. */
  hasQuestionnaire: boolean;
}

/** An activity of the programme (inscribed or hosting). */
export interface ProgrammeItem {
  startsAt: Date;
  endsAt: Date;
  title: { fr: string; en: string };
  location: string | null;
}

/** A B2B meeting seen by one of its two participants. */
export interface MeetingItem {
  startsAt: Date;
  endsAt: Date;
  /** The other participant: name, and organisation when known. */
  with: { name: string; organisation: string | null };
  /** Null when online. */
  tableNumber: number | null;
  sessionName: string | null;
}

export interface RecipientValues {
  firstName: string;
  lastName: string;
  /** Absolute address of their personal page (made on demand when a tag needs it). */
  pageUrl?: string;
  /** Absolute address of their iCalendar feed. */
  feedUrl?: string;
  rounds?: PersonalRound[];
  programme?: ProgrammeItem[];
  meetings?: MeetingItem[];
  /** The cid of their QR code image (its address is `pageUrl`). */
  qrCid?: string;
}

export interface TagContext {
  lang: Language;
  t: TFunction;
  clock: Clock;
  project: ProjectValues;
}

/** The texts that are the same for every recipient of a language (labels, sentences), translated once. */
const fixedTexts = new WeakMap<TagContext, Map<string, string>>();
function fixed(ctx: TagContext, key: string): string {
  let texts = fixedTexts.get(ctx);
  if (!texts) {
    texts = new Map();
    fixedTexts.set(ctx, texts);
  }
  let text = texts.get(key);
  if (text === undefined) {
    text = ctx.t(key);
    texts.set(key, text);
  }
  return text;
}

/** The side of a QR code image, in CSS pixels (its PNG has this many pixels or more). */
export const QR_DISPLAY_SIZE = 180;

const pick = (names: { fr: string; en: string }, lang: Language) =>
  (lang === 'en' ? names.en || names.fr : names.fr || names.en).trim();

const withOrganisation = (t: TFunction, person: { name: string; organisation: string | null }) =>
  person.organisation
    ? t('mail.tags.person', { name: person.name, organisation: person.organisation })
    : person.name;

function timeRange(ctx: TagContext, startsAt: Date, endsAt: Date) {
  const start = ctx.clock.time(startsAt);
  return endsAt.getTime() > startsAt.getTime()
    ? ctx.t('mail.tags.timeRange', { start, end: ctx.clock.time(endsAt) })
    : start;
}

function meetingPlace(ctx: TagContext, meeting: MeetingItem) {
  const where =
    meeting.tableNumber === null
      ? fixed(ctx, 'mail.tags.online')
      : ctx.t('mail.tags.table', { number: meeting.tableNumber });
  return meeting.sessionName
    ? ctx.t('mail.tags.placeInSession', { place: where, session: meeting.sessionName })
    : where;
}

const meetingLine = (ctx: TagContext, meeting: MeetingItem) =>
  ctx.t('mail.tags.meetings.line', {
    time: timeRange(ctx, meeting.startsAt, meeting.endsAt),
    with: withOrganisation(ctx.t, meeting.with),
    place: meetingPlace(ctx, meeting),
  });

function networking(ctx: TagContext, rounds: PersonalRound[]): Fragment {
  if (rounds.length === 0) return { kind: 'empty', text: fixed(ctx, 'mail.tags.networking.none') };
  const groups: { heading: string; items: string[] }[] = [];
  for (const round of rounds) {
    let group = groups[groups.length - 1];
    if (!group || group.heading !== round.pairingName) {
      group = { heading: round.pairingName, items: [] };
      groups.push(group);
    }
    const number = round.table.number;
    const named = round.table.name
      ? ctx.t('mail.tags.tableNamed', { number, name: round.table.name })
      : ctx.t('mail.tags.table', { number });
    const table = round.table.location
      ? ctx.t('mail.tags.atLocation', { place: named, location: round.table.location })
      : named;
    group.items.push(
      round.mates.length
        ? ctx.t('mail.tags.networking.round', {
            round: round.round,
            table,
            mates: ctx.clock.list(round.mates.map((mate) => withOrganisation(ctx.t, mate))),
          })
        : ctx.t('mail.tags.networking.alone', { round: round.round, table }),
    );
  }
  return { kind: 'list', groups };
}

function programme(ctx: TagContext, activities: ProgrammeItem[], meetings: MeetingItem[]): Fragment {
  type Line = { startsAt: Date; text: string };
  const lines: Line[] = [
    ...activities.map((a) => {
      const title = pick(a.title, ctx.lang);
      const time = timeRange(ctx, a.startsAt, a.endsAt);
      return {
        startsAt: a.startsAt,
        text: a.location
          ? ctx.t('mail.tags.program.activityAt', { time, title, location: a.location })
          : ctx.t('mail.tags.program.activity', { time, title }),
      };
    }),
    ...meetings.map((m) => ({
      startsAt: m.startsAt,
      text: ctx.t('mail.tags.program.meeting', {
        time: timeRange(ctx, m.startsAt, m.endsAt),
        with: withOrganisation(ctx.t, m.with),
        place: meetingPlace(ctx, m),
      }),
    })),
  ].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  if (lines.length === 0) return { kind: 'empty', text: fixed(ctx, 'mail.tags.program.none') };
  return { kind: 'list', groups: byDay(ctx.clock, lines, (line) => line.text) };
}

/** The fragment of one tag for one recipient (the tag is one of the offered ones; anything else renders nothing). */
export function tagValue(tag: string, ctx: TagContext, person: RecipientValues): Fragment {
  switch (tag) {
    case 'firstName':
      return { kind: 'text', text: person.firstName };
    case 'lastName':
      return { kind: 'text', text: person.lastName };
    case 'projectName':
      return { kind: 'text', text: pick(ctx.project.name, ctx.lang) };
    case 'supportEmail': {
      const email = ctx.project.supportEmail;
      if (!email) return { kind: 'empty', text: fixed(ctx, 'mail.tags.supportEmail.none') };
      return { kind: 'link', href: `mailto:${email}`, label: email };
    }
    case 'surveyLink':
      if (!ctx.project.hasQuestionnaire)
        return { kind: 'empty', text: fixed(ctx, 'mail.tags.surveyLink.none') };
      return {
        kind: 'link',
        href: `${person.pageUrl}#questionnaire`,
        label: fixed(ctx, 'mail.tags.surveyLink.label'),
      };
    case 'dashboardLink':
      return { kind: 'link', href: person.pageUrl ?? '', label: fixed(ctx, 'mail.tags.dashboardLink.label') };
    case 'calendar':
      return { kind: 'link', href: person.feedUrl ?? '', label: fixed(ctx, 'mail.tags.calendar.label') };
    case 'networking':
      return networking(ctx, person.rounds ?? []);
    case 'program':
      return programme(ctx, person.programme ?? [], person.meetings ?? []);
    case 'meetings': {
      const meetings = person.meetings ?? [];
      if (meetings.length === 0) return { kind: 'empty', text: fixed(ctx, 'mail.tags.meetings.none') };
      return { kind: 'list', groups: byDay(ctx.clock, meetings, (m) => meetingLine(ctx, m)) };
    }
    case 'qrCode':
      return {
        kind: 'image',
        cid: person.qrCid ?? '',
        alt: fixed(ctx, 'mail.tags.qrCode.alt'),
        size: QR_DISPLAY_SIZE,
        url: person.pageUrl ?? '',
      };
    default:
      return { kind: 'text', text: '' };
  }
}
