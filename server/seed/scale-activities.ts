import { count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { activities, activityMembers, participants } from '../db/schema';

/**
 * Issue 10, scale: the programme of the scale project (`npm run seed:scale`, and the activities benchmark):
 * 2,000 bilingual activities over the project's three days and 300,000 inscriptions over its participants, each
 * written by one INSERT … SELECT over generate_series (no row crosses from Node). Idempotent: activities are added
 * only up to the number asked, and the inscriptions are the same (activity, participant) pairs at every run
 * (`on conflict do nothing`), so a rerun adds nothing.
 */

export interface ScaleActivitiesOptions {
  companyId: string;
  projectId: string;
  /** Activities the project should hold (2,000 by default). */
  activities?: number;
  /** Inscriptions the project should hold (300,000 by default), spread evenly over participants and activities. */
  inscriptions?: number;
  /** Participants per statement (progress is reported after each). */
  batchSize?: number;
  onProgress?(done: number, total: number): void;
}

export interface ScaleActivitiesResult {
  activities: number;
  inscriptions: number;
  addedActivities: number;
  addedInscriptions: number;
  seconds: number;
}

const THEMES: [fr: string, en: string][] = [
  ['l’innovation', 'innovation'],
  ['l’exportation', 'exporting'],
  ['l’intelligence artificielle', 'artificial intelligence'],
  ['l’agroalimentaire', 'the food industry'],
  ['l’aérospatiale', 'aerospace'],
  ['les technologies propres', 'clean technology'],
  ['la santé numérique', 'digital health'],
  ['le financement', 'financing'],
  ['la main-d’œuvre', 'the workforce'],
  ['la logistique', 'logistics'],
  ['le commerce en ligne', 'e-commerce'],
  ['la cybersécurité', 'cybersecurity'],
  ['l’économie circulaire', 'the circular economy'],
  ['le tourisme d’affaires', 'business tourism'],
  ['les marchés publics', 'public procurement'],
  ['l’énergie boréale', 'northern energy'],
];
const KINDS: [fr: string, en: string, type: string][] = [
  ['Atelier', 'Workshop', 'session'],
  ['Conférence', 'Talk', 'session'],
  ['Panel', 'Panel', 'session'],
  ['Plénière', 'Plenary', 'session'],
  ['Kiosque', 'Kiosk', 'kiosk'],
  ['Forum', 'Forum', 'forum'],
  ['Rencontre', 'Meeting', 'meeting'],
];
const ROOMS = [
  'Salle Laurentides',
  'Salle Montérégie',
  'Salle Outaouais',
  'Agora',
  'Hall B',
  'Salon Mauricie',
];

const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** Up to `target` activities: « Atelier : l’innovation (n° 12) » / "Workshop: innovation (no. 12)", and so on. */
async function addActivities(db: Executor, companyId: string, projectId: string, from: number, to: number) {
  if (to < from) return 0;
  const result = await db.execute(sql`
    with added as (
      insert into ${activities} (company_id, project_id, type, title_fr, title_en, starts_at, duration_minutes,
        max_members, hybrid_type, location, created_at)
      select ${companyId}::uuid, ${projectId}::uuid,
        (${textArray(KINDS.map((k) => k[2]))})[1 + g % ${KINDS.length}],
        (${textArray(KINDS.map((k) => k[0]))})[1 + g % ${KINDS.length}] || ' : '
          || (${textArray(THEMES.map((t) => t[0]))})[1 + (g / ${KINDS.length}) % ${THEMES.length}] || ' (n° ' || g || ')',
        (${textArray(KINDS.map((k) => k[1]))})[1 + g % ${KINDS.length}] || ': '
          || (${textArray(THEMES.map((t) => t[1]))})[1 + (g / ${KINDS.length}) % ${THEMES.length}] || ' (no. ' || g || ')',
        -- Three days from 8:00 to 17:30 of the project's zone, every half hour.
        (timestamp '2027-10-19 08:00' + (g % 3) * interval '1 day' + ((g / 3) % 20) * interval '30 minutes')
          at time zone 'America/Toronto',
        (array[30, 45, 60, 90, 120])[1 + g % 5],
        case when g % 10 = 0 then 400 else null end,
        (array['inPerson', 'inPerson', 'virtual', 'hybrid'])[1 + g % 4],
        (${textArray(ROOMS)})[1 + g % ${ROOMS.length}],
        now() - (${to} - g) * interval '1 second'
      from generate_series(${from}::int, ${to}::int) g
      returning 1)
    select count(*)::int as n from added`);
  return Number(rowsOf(result)[0].n);
}

/**
 * The inscriptions of participants number `from` to `to` - 1 (in id order), `perParticipant` each: participant n
 * goes to activities (7n + 661k) mod A for k = 0 … perParticipant - 1 (A activities in creation order): distinct
 * activities, about as many members each. Statuses: 60 % registered, 20 % confirmed, 10 % attended, 10 % absent.
 */
async function addInscriptions(
  db: Executor,
  companyId: string,
  projectId: string,
  range: { from: number; to: number; perParticipant: number },
) {
  const result = await db.execute(sql`
    with a as (
      select id, (row_number() over (order by created_at, id) - 1)::int as n
      from ${activities} where project_id = ${projectId}
    ), total as (select count(*)::int as c from a),
    p as (
      select id, (row_number() over (order by id) - 1)::int as n
      from ${participants} where project_id = ${projectId}
    ), added as (
      insert into ${activityMembers} (company_id, project_id, activity_id, participant_id, status)
      select ${companyId}::uuid, ${projectId}::uuid, a.id, p.id,
        case when (p.n + k) % 10 < 6 then 'registered' when (p.n + k) % 10 < 8 then 'confirmed'
          when (p.n + k) % 10 = 8 then 'attended' else 'absent' end
      from p cross join generate_series(0, ${range.perParticipant - 1}::int) k
        join a on a.n = (p.n::bigint * 7 + k * 661) % (select c from total)
      where p.n >= ${range.from} and p.n < ${range.to}
      on conflict do nothing
      returning 1)
    select count(*)::int as n from added`);
  return Number(rowsOf(result)[0].n);
}

export async function seedScaleActivities(
  db: Executor,
  options: ScaleActivitiesOptions,
): Promise<ScaleActivitiesResult> {
  const started = performance.now();
  const { companyId, projectId } = options;
  const target = options.activities ?? 2000;
  const wanted = options.inscriptions ?? 300_000;
  const batchSize = options.batchSize ?? 25_000;

  const countActivities = async () =>
    (await db.select({ n: count() }).from(activities).where(eq(activities.projectId, projectId)))[0].n;
  const before = await countActivities();
  const addedActivities = await addActivities(db, companyId, projectId, before + 1, target);
  const total = await countActivities();

  const [{ people }] = await db
    .select({ people: count() })
    .from(participants)
    .where(eq(participants.projectId, projectId));
  // As few per participant as reach the number asked, never more than there are activities.
  const perParticipant = people && total ? Math.min(total, Math.ceil(wanted / people)) : 0;
  const reached = perParticipant ? Math.min(people, Math.ceil(wanted / perParticipant)) : 0;
  let addedInscriptions = 0;
  for (let from = 0; from < reached; from += batchSize) {
    const to = Math.min(from + batchSize, reached);
    addedInscriptions += await addInscriptions(db, companyId, projectId, { from, to, perParticipant });
    options.onProgress?.(to, reached);
  }
  const [{ inscriptions }] = await db
    .select({ inscriptions: count() })
    .from(activityMembers)
    .where(eq(activityMembers.projectId, projectId));
  return {
    activities: total,
    inscriptions,
    addedActivities,
    addedInscriptions,
    seconds: (performance.now() - started) / 1000,
  };
}
