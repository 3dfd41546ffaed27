import { type SQL, sql } from 'drizzle-orm';
import type { ChartPeriod } from '../../../contracts/charts';
import type { Executor } from '../../db/client';

/**
 * T3: the only SQL of the charts. Every query is given a project the service has found in the signed-in company
 * (assertProject), so it filters on that project alone (the indexes lead with project_id).
 */

/** date_trunc's field and generate_series's step of each period; weeks start on Monday (ISO), as date_trunc's do. */
const BUCKETS: Record<ChartPeriod, { field: string; step: string }> = {
  D: { field: 'day', step: '1 day' },
  W: { field: 'week', step: '1 week' },
  M: { field: 'month', step: '1 month' },
  Y: { field: 'year', step: '1 year' },
};

/** One row of facts: an instant, the series it counts in, and how much it adds. */
export type FactSource = SQL;

/** Participants registered in the project (U1): one a row, when they were created. */
export const inscriptionFacts = (projectId: string): FactSource =>
  sql`select created_at as at, 'count' as series, 1 as value from participants where project_id = ${projectId}`;

/** Inscriptions to the project's activities (V4, activity_members): one a row, when they were made. */
export const activityInscriptionFacts = (projectId: string): FactSource =>
  sql`select created_at as at, 'count' as series, 1 as value from activity_members where project_id = ${projectId}`;

/**
 * Paid sales (S1), item by item, net of what was refunded, at the instant they were paid, by the payment
 * category of what was bought (`none` when it has none).
 */
export const salesFacts = (projectId: string): FactSource => sql`
  select r.paid_at as at, coalesce(p.category_id::text, 'none') as series,
         (i.total_cents - i.refunded_cents) as value
  from payment_requests r
  join payment_request_items i on i.request_id = r.id
  left join payments p on p.id = i.payment_id
  where r.project_id = ${projectId} and r.status = 'paid' and r.paid_at is not null`;

export interface BucketRow {
  /** The bucket's first day in the zone, YYYY-MM-DD. */
  bucket: string;
  series: string | null;
  value: number;
}

/**
 * The facts summed by bucket of the period in the time zone, with every bucket between the first and the last
 * filled (a bucket without facts has one row, series null), one page of buckets (oldest first); `total` is the
 * number of buckets over every page.
 */
export async function bucketFacts(
  db: Executor,
  facts: FactSource,
  period: ChartPeriod,
  timeZone: string,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: BucketRow[] }> {
  const { field, step } = BUCKETS[period];
  const result = await db.execute(sql`
    with facts as (${facts}),
    agg as (
      select date_trunc(${sql.raw(`'${field}'`)}, at at time zone ${timeZone}) as bucket, series, sum(value) as value
      from facts group by 1, 2
    ),
    bounds as (select min(bucket) as lo, max(bucket) as hi from agg),
    span as (
      select g as bucket from bounds, generate_series(bounds.lo, bounds.hi, ${sql.raw(`'${step}'`)}::interval) g
      order by g offset ${page.offset} limit ${page.limit}
    )
    select t.total, to_char(s.bucket, 'YYYY-MM-DD') as bucket, a.series, coalesce(a.value, 0)::float8 as value
    from (
      select count(*)::int as total
      from bounds, generate_series(bounds.lo, bounds.hi, ${sql.raw(`'${step}'`)}::interval) g
    ) t
    left join span s on true
    left join agg a on a.bucket = s.bucket
    order by s.bucket, a.series`);
  const rows = (result as unknown as { rows: (BucketRow & { total: number })[] }).rows;
  return {
    total: rows.length ? Number(rows[0].total) : 0,
    rows: rows
      .filter((r) => r.bucket !== null)
      .map((r) => ({ bucket: r.bucket, series: r.series, value: Number(r.value) })),
  };
}

export interface RoleCountRow {
  id: string;
  nameFr: string;
  nameEn: string;
  count: number;
}

/** The project's roles in their order, each with its participants (0 included), one page; and how many roles. */
export async function countByRole(
  db: Executor,
  projectId: string,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: RoleCountRow[] }> {
  const result = await db.execute(sql`
    select r.id, r.name_fr as "nameFr", r.name_en as "nameEn", count(p.id)::int as count,
           count(*) over ()::int as total
    from roles r left join participants p on p.role_id = r.id and p.project_id = r.project_id
    where r.project_id = ${projectId}
    group by r.id
    order by r.position, r.name_fr, r.id
    offset ${page.offset} limit ${page.limit}`);
  const rows = (result as unknown as { rows: (RoleCountRow & { total: number })[] }).rows;
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && page.offset > 0) {
    const all = await db.execute(sql`select count(*)::int as n from roles where project_id = ${projectId}`);
    total = Number((all as unknown as { rows: { n: number }[] }).rows[0].n);
  }
  return { total, rows: rows.map((r) => ({ id: r.id, nameFr: r.nameFr, nameEn: r.nameEn, count: r.count })) };
}

/** The payment categories of the project, in their order. */
export async function listPaymentCategories(db: Executor, projectId: string) {
  const result = await db.execute(sql`
    select id, name_fr as "nameFr", name_en as "nameEn" from payment_categories
    where project_id = ${projectId} order by position, name_fr, id`);
  return (result as unknown as { rows: { id: string; nameFr: string; nameEn: string }[] }).rows;
}

/** The currency the project sells in (R1), CAD when its sales are not set up. */
export async function projectCurrency(db: Executor, projectId: string) {
  const result = await db.execute(
    sql`select currency from sales_settings where project_id = ${projectId} limit 1`,
  );
  return (result as unknown as { rows: { currency: string }[] }).rows[0]?.currency ?? 'CAD';
}
