import { asc, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Executor } from '../db/client';
import {
  activities,
  activityCategories,
  activityHosts,
  activityMembers,
  activityTables,
  participants,
  persons,
  projects,
} from '../db/schema';
import { findFirstDemoProject } from './groups';
import {
  CATEGORIES,
  DEMO_MEETING_CATEGORY,
  DEMO_STANDARD_TABLES,
  DEMO_VIP_TABLES,
  KIOSKS,
  type Pair,
  PROGRAMME,
  ROOM,
  SECTIONS,
  UNDATED,
} from './programme';

/**
 * The first demo project's programme (issue 10): two days starting on its first day, in sections and categories,
 * hosts among its participants, one meeting category with 20 standard and 4 VIP tables, and participants inscribed.
 * Owner: activities.
 */
export async function seedActivities(db: Executor) {
  const found = await findFirstDemoProject(db);
  if (!found) return;
  const [project] = await db.select().from(projects).where(eq(projects.id, found.id));
  const scope = { companyId: project.companyId, projectId: project.id };
  const zone = project.timeZone;
  const first = DateTime.fromISO(project.startsOn, { zone });

  const makeKinds = async (kind: 'section' | 'category', names: Pair[]) =>
    (
      await db
        .insert(activityCategories)
        .values(names.map(([nameFr, nameEn], position) => ({ ...scope, kind, nameFr, nameEn, position })))
        .returning({ id: activityCategories.id })
    ).map((r) => r.id);
  const sectionIds = await makeKinds('section', SECTIONS);
  const categoryIds = await makeKinds('category', CATEGORIES);

  const at = (d: number, hhmm: string) => {
    const [hour, minute] = hhmm.split(':').map(Number);
    return first.plus({ days: d }).set({ hour, minute }).toJSDate();
  };
  const rows: (typeof activities.$inferInsert)[] = PROGRAMME.map((s) => ({
    ...scope,
    type: s.type,
    titleFr: s.title[0],
    titleEn: s.title[1],
    startsAt: at(s.day, s.at),
    durationMinutes: s.minutes,
    sectionId: sectionIds[s.section],
    categoryId: s.category === undefined ? null : categoryIds[s.category],
    location: s.location,
    maxMembers: s.max ?? null,
    hybridType: s.hybrid ?? 'inPerson',
    onLanding: s.type !== 'meeting',
  }));
  for (const [i, [titleFr, titleEn]] of KIOSKS.entries()) {
    for (const d of [0, 1] as const) {
      rows.push({
        ...scope,
        type: 'kiosk',
        titleFr: `${titleFr}${d ? ' (jour 2)' : ''}`,
        titleEn: `${titleEn}${d ? ' (day 2)' : ''}`,
        startsAt: at(d, '09:00'),
        durationMinutes: 8 * 60,
        sectionId: sectionIds[4],
        categoryId: categoryIds[3],
        location: `${ROOM.hall}, kiosque ${i + 1}`,
        backgroundColor: '#e7f5ef',
      });
    }
  }
  for (const u of UNDATED) {
    rows.push({
      ...scope,
      type: u.type,
      titleFr: u.title[0],
      titleEn: u.title[1],
      noDate: true,
      sectionId: sectionIds[u.section],
    });
  }
  const inserted = await db.insert(activities).values(rows).returning({
    id: activities.id,
    type: activities.type,
    maxMembers: activities.maxMembers,
    categoryId: activities.categoryId,
  });

  // J7: the tables of the meeting category, numbered 1–24, the last four VIP.
  const meetingCategory = categoryIds[CATEGORIES.findIndex(([fr]) => fr === DEMO_MEETING_CATEGORY[0])];
  await db.insert(activityTables).values(
    Array.from({ length: DEMO_STANDARD_TABLES + DEMO_VIP_TABLES }, (_, i) => ({
      ...scope,
      categoryId: meetingCategory,
      number: i + 1,
      name: i < DEMO_STANDARD_TABLES ? `Table ${i + 1}` : `Table VIP ${i + 1 - DEMO_STANDARD_TABLES}`,
      location: ROOM.b2b,
      vip: i >= DEMO_STANDARD_TABLES,
      seats: i >= DEMO_STANDARD_TABLES ? 4 : 6,
    })),
  );

  const people = await db
    .select({
      id: participants.id,
      email: persons.email,
      firstName: persons.firstName,
      lastName: persons.lastName,
    })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(eq(participants.projectId, project.id))
    .orderBy(asc(persons.lastName), asc(persons.firstName), asc(participants.id));
  if (people.length === 0) return;

  // Hosts: the speakers of the talks and workshops, taken among the participants (the same person may host twice).
  const hosted = inserted.filter((_, i) => i < PROGRAMME.length && PROGRAMME[i].type === 'session');
  await db.insert(activityHosts).values(
    hosted.map((a, i) => {
      const host = people[(i * 7) % people.length];
      return {
        ...scope,
        activityId: a.id,
        participantId: host.id,
        email: host.email,
        firstName: host.firstName,
        lastName: host.lastName,
      };
    }),
  );

  // Inscriptions: everyone at the plenaries and meals; each participant in a few workshops and panels, never beyond
  // an activity's maximum; the meetings are the matching module's to fill.
  const STATUSES = ['registered', 'confirmed', 'confirmed', 'attended'] as const;
  // Made over the 40 days before the demo, so that the report charts (T3) show inscriptions in time.
  const seededAt = Date.now();
  const HOUR = 3_600_000;
  const members: (typeof activityMembers.$inferInsert)[] = [];
  for (const [a, activity] of inserted.entries()) {
    if (activity.type === 'meeting' || activity.type === 'kiosk' || a >= PROGRAMME.length) continue;
    const slot = PROGRAMME[a];
    const everyone = slot.type === 'forum' || (slot.category === 0 && slot.max === undefined);
    const chosen = people.filter((_, p) => everyone || (p + a) % 3 === 0);
    for (const [k, person] of chosen.slice(0, activity.maxMembers ?? chosen.length).entries()) {
      members.push({
        ...scope,
        activityId: activity.id,
        participantId: person.id,
        status: STATUSES[(k + a) % 4],
        createdAt: new Date(seededAt - (((k * 7 + a * 5) % 40) * 24 + ((k + a) % 10) + 1) * HOUR),
      });
    }
  }
  await db.insert(activityMembers).values(members);
}
