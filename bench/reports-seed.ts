/**
 * The reports bench's data, written in SQL (INSERT … SELECT over generate_series) so that 100,000 participants and
 * 300,000 activity inscriptions take seconds on either engine: multi-byte names, every role, one or two groups, two
 * questions answered, activities with inscriptions spread over a year, and sales (one buyer in five, paid or not,
 * an item bought for another participant).
 */
import type { Database } from '../server/db/client';
import { seedScale } from '../server/seed/scale';

/** The instant the year of inscriptions ends (fixed, so every run buckets the same days). */
export const YEAR_END = '2026-11-29T17:00:00Z';

export interface ReportSeedSize {
  participants: number;
  activities: number;
  /** Activity inscriptions: a multiple of `participants` (each takes part in as many activities). */
  inscriptions: number;
}

export interface ReportSeed {
  projectId: string;
  roleIds: string[];
  groupIds: string[];
  activityIds: string[];
  /** The choices of the first question, in order. */
  choiceIds: string[];
  questionIds: string[];
}

const FIRST = `array['Élise','Zoë','Łukasz','Søren','Ngọc Anh','李娜','Мария','François','Ólafur','Aïcha','Jérôme','Noémie']`;
const LAST = `array['Côté','Tremblay','Gagnon','Müller','Nguyễn','王','Иванова','Lefèbvre','O’Brien','Bergström','Roy','Pelletier','Ångström']`;
const ORGS = `array['Énergie Québec','Société Générale','大阪商事','Café Noir inc.','Bücher GmbH','Ωmega Ltée',null]`;

export async function seedReports(
  database: Database,
  companyId: string,
  size: ReportSeedSize,
): Promise<ReportSeed> {
  const { sql } = database;
  // The project, its roles and groups (no participant: they come below).
  const scale = await seedScale(database.db, { companyId, participants: 0, seed: 1 });
  const { projectId } = scale;
  const p = [companyId, projectId];

  await sql.query(
    `insert into persons (company_id, email, first_name, last_name, organisation, job_title, language)
     select $1::uuid, 'rapport-' || i || '@banc.test', (${FIRST})[1 + i % 12], (${LAST})[1 + (i * 7) % 13],
            (${ORGS})[1 + (i * 3) % 7], case when i % 5 = 0 then 'Directrice générale' end,
            case when i % 4 = 0 then 'en' else 'fr' end
     from generate_series(1, $2::int) i`,
    [companyId, size.participants],
  );
  // Roles in turn, a fifth cancelled, a third never sent their inscription, created over the year.
  await sql.query(
    `insert into participants (company_id, project_id, person_id, role_id, status, inscription_sent_at, created_at, updated_at)
     select $1::uuid, $2::uuid, s.id, r.ids[1 + s.n % array_length(r.ids, 1)],
            (array['registered','confirmed','registered','cancelled','registered'])[1 + (s.n * 3) % 5],
            case when s.n % 3 = 0 then null else x.t end, x.t, x.t
     from (select id, row_number() over (order by email) as n from persons
           where company_id = $1::uuid and email like 'rapport-%@banc.test') s,
          (select array_agg(id order by position, id) as ids from roles where project_id = $2::uuid) r,
          lateral (select $3::timestamptz - (s.n % 365) * interval '1 day' - (s.n * 7919 % 86400) * interval '1 second' as t) x`,
    [...p, YEAR_END],
  );
  const numbered = `(select id, row_number() over (order by created_at, id) as n from participants
                     where company_id = $1::uuid and project_id = $2::uuid)`;
  // One group each, a second for one in four.
  await sql.query(
    `insert into participant_groups (participant_id, group_id)
     select s.id, g.ids[1 + (s.n * k) % array_length(g.ids, 1)]
     from ${numbered} s, (select array_agg(id order by id) as ids from groups where project_id = $2::uuid) g,
          generate_series(1, 2) k
     where k = 1 or s.n % 4 = 0
     on conflict do nothing`,
    p,
  );
  // Two questions of four choices each: everyone answers the first, every other one the second.
  const questionIds = (
    await sql.query<{ id: string }>(
      `insert into questions (company_id, project_id, title_fr, title_en, position)
       select $1::uuid, $2::uuid, t.fr, t.en, t.pos
       from (values ('Secteur d’activité', 'Industry', 1), ('Objectif de la visite', 'Purpose of the visit', 2)) t(fr, en, pos)
       returning id`,
      p,
    )
  ).rows.map((r) => r.id);
  const choices = await sql.query<{ id: string; question_id: string }>(
    `insert into question_choices (company_id, project_id, question_id, label_fr, label_en, position)
     select $1::uuid, $2::uuid, q, 'Réponse « ' || c || ' » é', 'Answer ' || c, c
     from unnest($3::uuid[]) q, generate_series(1, 4) c
     returning id, question_id`,
    [...p, questionIds],
  );
  await sql.query(
    `insert into participant_answers (company_id, project_id, participant_id, question_id, choice_id)
     select $1::uuid, $2::uuid, s.id, q.id, q.choices[1 + (s.n * q.step) % 4]
     from ${numbered} s,
          (select question_id as id, array_agg(id order by position) as choices,
                  case when question_id = $3::uuid then 1 else 5 end as step
           from question_choices where project_id = $2::uuid group by question_id) q
     where q.id = $3::uuid or s.n % 2 = 0`,
    [...p, questionIds[0]],
  );
  const activityIds = (
    await sql.query<{ id: string }>(
      `insert into activities (company_id, project_id, type, title_fr, title_en, starts_at, duration_minutes)
       select $1::uuid, $2::uuid, 'session', 'Atelier n° ' || i || ' — économie', 'Workshop #' || i,
              $3::timestamptz + i * interval '1 hour', 60
       from generate_series(1, $4::int) i
       returning id`,
      [...p, YEAR_END, size.activities],
    )
  ).rows.map((r) => r.id);
  // Each participant in `per` activities, a third of the programme apart, inscribed over the year.
  const per = Math.max(1, Math.round(size.inscriptions / size.participants));
  await sql.query(
    `insert into activity_members (company_id, project_id, activity_id, participant_id, status, created_at, updated_at)
     select $1::uuid, $2::uuid, a.ids[1 + (s.n + k * (array_length(a.ids, 1) / $4::int)) % array_length(a.ids, 1)],
            s.id, 'registered', x.t, x.t
     from ${numbered} s,
          (select array_agg(id order by id) as ids from activities where project_id = $2::uuid) a,
          generate_series(0, $4::int - 1) k,
          lateral (select $3::timestamptz - ((s.n * 3 + k) % 365) * interval '1 day'
                          - ((s.n * 7919 + k * 104729) % 86400) * interval '1 second' as t) x
     on conflict do nothing`,
    [...p, YEAR_END, per],
  );
  // Sales: one buyer in five, every other one paid; the item is bought for the next participant.
  await sql.query(
    `insert into payment_requests (company_id, project_id, participant_id, status, source, currency, buyer_name,
                                   buyer_email, total_cents, paid_at, created_at)
     select $1::uuid, $2::uuid, s.id, case when s.n % 10 = 0 then 'paid' else 'pending' end,
            case when s.n % 20 = 0 then 'manual' else 'card' end, 'CAD', 'Acheteur ' || s.n,
            'acheteur-' || s.n || '@banc.test', 25000, case when s.n % 10 = 0 then $3::timestamptz end, $3::timestamptz
     from ${numbered} s where s.n % 5 = 0`,
    [...p, YEAR_END],
  );
  await sql.exec('analyze payment_requests');
  await sql.query(
    `insert into payment_request_items (request_id, participant_id, name_fr, name_en, unit_price_cents, total_cents)
     select r.id, coalesce(b.other, b.id), 'Laissez-passer', 'Pass', 25000, 25000
     from payment_requests r
     join (select s.id, lead(s.id) over (order by s.n) as other from ${numbered} s) b on b.id = r.participant_id
     where r.company_id = $1::uuid and r.project_id = $2::uuid`,
    p,
  );
  await sql.exec('vacuum analyze');
  return {
    projectId,
    roleIds: scale.roleIds,
    groupIds: scale.groupIds,
    activityIds,
    choiceIds: choices.rows.filter((c) => c.question_id === questionIds[0]).map((c) => c.id),
    questionIds,
  };
}
