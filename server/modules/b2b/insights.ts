import type { Language } from '../../../contracts/http';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { translator } from '../../i18n';
import { explainMeetings } from '../../matching/explain';
import { meetingsPreflight } from '../../matching/preflight';
import { toLocalTime } from '../activities/local-time';
import type { AuthContext } from '../session/auth-context';
import { sessionInstance } from './instance';
import * as meetingRepo from './meeting-repository';
import * as repo from './repository';
import { presentPerson } from './request-service';
import { loadSession, slotTimes } from './session-service';

/** X10 and X1 in words: the pre-flight of a session and the reasons people got fewer meetings than requested. */

const nameOf = (people: Map<string, repo.PersonRow>, id: string) => {
  const p = people.get(id);
  return p ? `${p.firstName} ${p.lastName}` : id;
};

export async function getPreflight(deps: Deps, auth: AuthContext, projectId: string, sessionId: string) {
  const { session } = await loadSession(deps.db, auth, projectId, sessionId);
  const built = await sessionInstance(deps.db, session);
  const { instance, people } = built;
  const result = meetingsPreflight(instance);
  const t = translator(auth.locale);
  const name = (id: string) => nameOf(people, id);
  const findings = result.findings.map((f) => {
    const values =
      f.code === 'requestsBeyondCap'
        ? { name: name(f.person), requested: f.requested, cap: f.cap }
        : f.code === 'noCommonSlot'
          ? { a: name(f.a), b: name(f.b) }
          : f.code === 'noAvailability'
            ? { name: name(f.person), requested: f.requested }
            : { requested: f.requested, places: f.places };
    return { code: f.code, message: t(`b2b.findings.${f.code}`, values) };
  });
  const byId = new Map(instance.people.map((p) => [p.id, p]));
  return {
    slots: instance.slots,
    tables: instance.tables,
    requests: instance.requests.length,
    removed: built.removed.length,
    people: result.people.map((p) => ({
      person: presentPerson(people.get(p.id) as repo.PersonRow),
      requested: p.requested,
      predicted: p.predicted,
      cap: byId.get(p.id)?.max ?? session.defaultCap,
      ownCap: built.caps.has(p.id),
      freeSlots: byId.get(p.id)?.available.length ?? 0,
    })),
    findings,
  };
}

export async function setCap(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  sessionId: string,
  participantId: string,
  cap: number | null,
) {
  const { session } = await loadSession(deps.db, auth, projectId, sessionId);
  const [person] = await repo.projectPeople(deps.db, projectId, [participantId]);
  if (!person) throw AppError.notFound();
  await repo.setCap(
    deps.db,
    { companyId: auth.companyId, projectId, sessionId: session.id },
    participantId,
    cap,
  );
  return { ok: true as const };
}

function slotList(slots: number[], session: repo.SessionRow, zone: string, language: Language) {
  const times = slots.slice(0, 6).map((s) => toLocalTime(slotTimes(session, s).start, zone).slice(11));
  const more = slots.length > 6 ? (language === 'fr' ? ' …' : ' …') : '';
  return times.join(', ') + more;
}

export async function getExplanations(deps: Deps, auth: AuthContext, projectId: string, sessionId: string) {
  const { project, session } = await loadSession(deps.db, auth, projectId, sessionId);
  const built = await sessionInstance(deps.db, session);
  const rows = await meetingRepo.sessionMeetings(deps.db, sessionId);
  const result = {
    meetings: rows.map((m) => ({ a: m.aId, b: m.bId, slot: m.slot, table: m.tableNumber })),
    stats: { weight: 0, bound: 0, seconds: 0 },
  };
  const shortfalls = explainMeetings(built.instance, result, {
    blocked: built.blocked,
    met: built.met,
    removed: built.removed,
  });
  const t = translator(auth.locale);
  const name = (id: string) => nameOf(built.people, id);
  const items = shortfalls
    .filter((s) => built.people.has(s.person))
    .map((s) => ({
      person: presentPerson(built.people.get(s.person) as repo.PersonRow),
      requested: s.requested,
      placed: s.placed,
      unplaced: s.unplaced
        .filter((u) => built.people.has(u.other))
        .map((u) => {
          const r = u.reason;
          const slots = 'slots' in r ? slotList(r.slots, session, project.timeZone, auth.locale) : '';
          const values = {
            other: name(u.other),
            name: r.code === 'cap' ? name(r.person) : '',
            cap: r.code === 'cap' ? r.cap : 0,
            slots,
          };
          return {
            other: presentPerson(built.people.get(u.other) as repo.PersonRow),
            weight: u.weight,
            code: r.code,
            message: t(`b2b.reasons.${r.code}`, values),
          };
        }),
    }))
    .sort(
      (x, y) =>
        y.requested - y.placed - (x.requested - x.placed) ||
        x.person.lastName.localeCompare(y.person.lastName),
    );
  return { items };
}
