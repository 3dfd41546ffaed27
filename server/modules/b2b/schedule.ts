import ExcelJS from 'exceljs';
import type { Language } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { translator } from '../../i18n';
import { assertProject } from '../activities/category-service';
import { toLocalTime } from '../activities/local-time';
import type { AuthContext } from '../session/auth-context';
import { busyTimes } from './instance';
import * as meetingRepo from './meeting-repository';
import * as repo from './repository';
import { blockedPairs, pairKey } from './request-repository';
import { inSession } from './request-service';
import { loadSession, slotTimes, tablesOf } from './session-service';

/** The schedule of a session: its meetings with their conflicts, moved or removed by hand, and its workbook. */

const person = (m: meetingRepo.MeetingRow, side: 'a' | 'b') => ({
  id: m[`${side}Id`],
  firstName: m[`${side}FirstName`],
  lastName: m[`${side}LastName`],
  email: m[`${side}Email`],
  organisation: m[`${side}Organisation`],
});

/** The checks of every meeting of the session (reject codes 2–5), in the reader's language. */
async function conflictsOf(
  db: Executor,
  session: repo.SessionRow,
  rows: meetingRepo.MeetingRow[],
  language: Language,
) {
  const t = translator(language);
  const ids = [...new Set(rows.flatMap((m) => [m.aId, m.bId]))];
  const [busy, blocked, met] = await Promise.all([
    busyTimes(db, session, ids),
    blockedPairs(db, session.id),
    session.metSessionId
      ? meetingRepo.metPairs(db, session.metSessionId)
      : Promise.resolve([] as [string, string][]),
  ]);
  const blockedKeys = new Set(blocked.map(([a, b]) => pairKey(a, b)));
  const metKeys = new Set(met.map(([a, b]) => pairKey(a, b)));
  const tables = tablesOf(session);
  const bySlotTable = new Map<string, number>();
  const bySlotPerson = new Map<string, number>();
  const byPair = new Map<string, number>();
  for (const m of rows) {
    bySlotTable.set(`${m.slot}/${m.tableNumber}`, (bySlotTable.get(`${m.slot}/${m.tableNumber}`) ?? 0) + 1);
    for (const id of [m.aId, m.bId])
      bySlotPerson.set(`${m.slot}/${id}`, (bySlotPerson.get(`${m.slot}/${id}`) ?? 0) + 1);
    byPair.set(pairKey(m.aId, m.bId), (byPair.get(pairKey(m.aId, m.bId)) ?? 0) + 1);
  }
  const nameOf = (m: meetingRepo.MeetingRow, id: string) =>
    id === m.aId ? `${m.aFirstName} ${m.aLastName}` : `${m.bFirstName} ${m.bLastName}`;
  return (m: meetingRepo.MeetingRow) => {
    const out: { code: number; message: string }[] = [];
    if (m.slot >= session.slotCount || m.tableNumber > tables) {
      out.push({ code: 2, message: t('b2b.conflicts.outside') });
    } else if ((bySlotTable.get(`${m.slot}/${m.tableNumber}`) ?? 0) > 1) {
      out.push({ code: 2, message: t('b2b.conflicts.tableTwice') });
    }
    if (metKeys.has(pairKey(m.aId, m.bId))) out.push({ code: 3, message: t('b2b.conflicts.alreadyMet') });
    else if ((byPair.get(pairKey(m.aId, m.bId)) ?? 0) > 1)
      out.push({ code: 3, message: t('b2b.conflicts.twice') });
    const start = m.startsAt.getTime();
    const end = m.endsAt.getTime();
    for (const id of [m.aId, m.bId]) {
      const clash = busy.find((b) => b.participantId === id && b.start < end && start < b.end);
      if (clash) {
        const title = language === 'en' ? clash.titleEn : clash.titleFr;
        out.push({ code: 4, message: t('b2b.conflicts.activity', { name: nameOf(m, id), title }) });
      }
      if ((bySlotPerson.get(`${m.slot}/${id}`) ?? 0) > 1) {
        out.push({ code: 4, message: t('b2b.conflicts.doubleBooked', { name: nameOf(m, id) }) });
      }
    }
    if (blockedKeys.has(pairKey(m.aId, m.bId))) out.push({ code: 5, message: t('b2b.conflicts.blocked') });
    return out;
  };
}

const presentMeeting = (m: meetingRepo.MeetingRow, conflicts: { code: number; message: string }[]) => ({
  id: m.id,
  slot: m.slot,
  table: m.tableNumber,
  startsAt: m.startsAt,
  endsAt: m.endsAt,
  a: person(m, 'a'),
  b: person(m, 'b'),
  weight: m.weight,
  origin: m.origin as 'generated' | 'manual',
  conflicts,
});

export async function getSchedule(deps: Deps, auth: AuthContext, projectId: string, sessionId: string) {
  const { project, session } = await loadSession(deps.db, auth, projectId, sessionId);
  const rows = await meetingRepo.sessionMeetings(deps.db, sessionId);
  const check = await conflictsOf(deps.db, session, rows, auth.locale);
  return {
    timeZone: project.timeZone,
    tables: tablesOf(session),
    slots: [...Array(session.slotCount).keys()].map((index) => {
      const times = slotTimes(session, index);
      return {
        index,
        startsAt: times.start,
        startsAtLocal: toLocalTime(times.start, project.timeZone),
        endsAtLocal: toLocalTime(times.end, project.timeZone),
      };
    }),
    meetings: rows.map((m) => presentMeeting(m, check(m))),
  };
}

export async function moveMeeting(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  sessionId: string,
  meetingId: string,
  input: { slot: number; table: number },
) {
  await deps.db.transaction(async (tx) => {
    const { session } = await loadSession(tx, auth, projectId, sessionId);
    const meeting = await meetingRepo.findMeeting(tx, sessionId, meetingId);
    if (!meeting) throw AppError.notFound();
    if (input.slot >= session.slotCount) throw AppError.field('slot', 'validation.b2b.slot');
    if (input.table > tablesOf(session)) throw AppError.field('table', 'validation.b2b.table');
    const taken = (await meetingRepo.sessionMeetings(tx, sessionId)).some(
      (m) => m.id !== meetingId && m.slot === input.slot && m.tableNumber === input.table,
    );
    if (taken) throw AppError.field('table', 'validation.b2b.tableTaken');
    const times = slotTimes(session, input.slot);
    await meetingRepo.moveMeeting(tx, meetingId, {
      slot: input.slot,
      tableNumber: input.table,
      startsAt: times.start,
      endsAt: times.end,
    });
  });
  const schedule = await getSchedule(deps, auth, projectId, sessionId);
  return schedule.meetings.find((m) => m.id === meetingId) as (typeof schedule.meetings)[number];
}

/** A meeting placed by hand: both people of the session, a free table of a slot of the session. */
export async function addMeeting(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  sessionId: string,
  input: { participantA: string; participantB: string; slot: number; table: number },
) {
  const id = await deps.db.transaction(async (tx) => {
    const { session } = await loadSession(tx, auth, projectId, sessionId);
    if (input.participantA === input.participantB)
      throw AppError.field('participantB', 'validation.b2b.samePerson');
    const members = await inSession(tx, session, [input.participantA, input.participantB]);
    if (!members.has(input.participantA)) throw AppError.field('participantA', 'validation.b2b.notInSession');
    if (!members.has(input.participantB)) throw AppError.field('participantB', 'validation.b2b.notInSession');
    if (input.slot >= session.slotCount) throw AppError.field('slot', 'validation.b2b.slot');
    if (input.table > tablesOf(session)) throw AppError.field('table', 'validation.b2b.table');
    const taken = (await meetingRepo.sessionMeetings(tx, sessionId)).some(
      (m) => m.slot === input.slot && m.tableNumber === input.table,
    );
    if (taken) throw AppError.field('table', 'validation.b2b.tableTaken');
    const times = slotTimes(session, input.slot);
    return meetingRepo.insertMeeting(tx, {
      companyId: auth.companyId,
      projectId,
      sessionId,
      participantA: input.participantA,
      participantB: input.participantB,
      slot: input.slot,
      tableNumber: input.table,
      startsAt: times.start,
      endsAt: times.end,
      mode: session.mode,
      origin: 'manual',
    });
  });
  const schedule = await getSchedule(deps, auth, projectId, sessionId);
  return schedule.meetings.find((m) => m.id === id) as (typeof schedule.meetings)[number];
}

export async function deleteMeeting(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  sessionId: string,
  meetingId: string,
) {
  await loadSession(deps.db, auth, projectId, sessionId);
  if (!(await meetingRepo.findMeeting(deps.db, sessionId, meetingId))) throw AppError.notFound();
  await meetingRepo.deleteMeeting(deps.db, meetingId);
  return { ok: true as const };
}

const SCHEDULE_HEADERS: Record<Language, string[]> = {
  fr: [
    'Créneau',
    'Début',
    'Fin',
    'Table',
    'Courriel A',
    'Prénom A',
    'Nom A',
    'Entreprise A',
    'Courriel B',
    'Prénom B',
    'Nom B',
    'Entreprise B',
    'Poids',
    'Conflits',
  ],
  en: [
    'Slot',
    'Start',
    'End',
    'Table',
    'E-mail A',
    'First name A',
    'Last name A',
    'Company A',
    'E-mail B',
    'First name B',
    'Last name B',
    'Company B',
    'Weight',
    'Conflicts',
  ],
};

/**
 * One meeting a row under one header row, every cell a plain value (slot and table numbers from 1, local times as
 * `YYYY-MM-DD HH:mm` text, e-mails as keys): read back by any spreadsheet or by our readers without losing a character.
 */
export async function exportSchedule(deps: Deps, auth: AuthContext, projectId: string, sessionId: string) {
  const { session } = await loadSession(deps.db, auth, projectId, sessionId);
  const schedule = await getSchedule(deps, auth, projectId, sessionId);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(auth.locale === 'fr' ? 'Horaire' : 'Schedule');
  sheet.addRow(SCHEDULE_HEADERS[auth.locale]);
  sheet.getRow(1).font = { bold: true };
  for (const m of schedule.meetings) {
    const slot = schedule.slots[m.slot];
    sheet.addRow([
      m.slot + 1,
      slot ? slot.startsAtLocal.replace('T', ' ') : '',
      slot ? slot.endsAtLocal.replace('T', ' ') : '',
      m.table,
      m.a.email,
      m.a.firstName,
      m.a.lastName,
      m.a.organisation ?? '',
      m.b.email,
      m.b.firstName,
      m.b.lastName,
      m.b.organisation ?? '',
      m.weight,
      m.conflicts.map((c) => c.code).join(' '),
    ]);
  }
  sheet.columns.forEach((c) => {
    c.width = 18;
  });
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return { bytes, filename: `${session.name} — ${auth.locale === 'fr' ? 'horaire' : 'schedule'}.xlsx` };
}

/** A participant's meetings for their agenda panel. */
export async function participantMeetings(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  participantId: string,
) {
  const project = await assertProject(deps.db, auth, projectId);
  const [me] = await repo.projectPeople(deps.db, projectId, [participantId]);
  if (!me) throw AppError.notFound();
  const rows = await meetingRepo.participantMeetings(deps.db, projectId, participantId);
  return {
    items: rows.map((m) => ({
      id: m.id,
      sessionId: m.sessionId,
      sessionName: m.sessionName,
      startsAt: m.startsAt,
      endsAt: m.endsAt,
      startsAtLocal: toLocalTime(m.startsAt, project.timeZone),
      endsAtLocal: toLocalTime(m.endsAt, project.timeZone),
      table: m.tableNumber,
      mode: m.mode as 'inPerson' | 'virtual',
      other: person(m, m.aId === participantId ? 'b' : 'a'),
    })),
  };
}
