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
 * The query of bucketFacts. The buckets are local days, Mondays, months or years of the zone, from the first fact's
 * to the last's; the page's buckets become instants (each local start `at time zone`, so a day is 23 or 25 hours
 * across a change of time), and only the facts between the page's first start and its end are read, each given
 * its bucket by a binary search among those instants (`width_bucket`), not a time-zone conversion of every row. The
 * facts stay inlined (`not materialized`) so that the first and last instants and the page's range come from an
 * index on (project_id, instant) where there is one. Every row carries the number of buckets over every page.
 */
export function bucketQuery(
  facts: FactSource,
  period: ChartPeriod,
  timeZone: string,
  page: { offset: number; limit: number },
): SQL {
  const { field, step } = BUCKETS[period];
  const interval = sql.raw(`'${step}'::interval`);
  return sql`
    with facts as not materialized (${facts}),
    bounds as (
      select date_trunc(${sql.raw(`'${field}'`)}, min(at) at time zone ${timeZone}) as lo,
             date_trunc(${sql.raw(`'${field}'`)}, max(at) at time zone ${timeZone}) as hi
      from facts
    ),
    buckets as (select g as bucket from bounds, generate_series(bounds.lo, bounds.hi, ${interval}) g),
    page as (
      select bucket, row_number() over (order by bucket) as n, bucket at time zone ${timeZone} as starts
      from (select bucket from buckets order by bucket offset ${page.offset} limit ${page.limit}) b
    ),
    edges as (
      select array_agg(starts order by n) as starts, min(starts) as first,
             (max(bucket) + ${interval}) at time zone ${timeZone} as after
      from page
    ),
    agg as (
      select width_bucket(f.at, e.starts) as n, f.series, sum(f.value) as value
      from edges e join facts f on f.at >= e.first and f.at < e.after
      group by 1, 2
    )
    select t.total, to_char(p.bucket, 'YYYY-MM-DD') as bucket, a.series, coalesce(a.value, 0)::float8 as value
    from (select count(*)::int as total from buckets) t
    left join page p on true
    left join agg a on a.n = p.n
    order by p.bucket, a.series`;
}

/** bucketFacts' rows as they come: null bucket alone when the page is past the last (the total is still there). */
export function readBuckets(rows: (BucketRow & { total: number })[]): { total: number; rows: BucketRow[] } {
  return {
    total: rows.length ? Number(rows[0].total) : 0,
    rows: rows
      .filter((r) => r.bucket !== null)
      .map((r) => ({ bucket: r.bucket, series: r.series, value: Number(r.value) })),
  };
}

/** The facts by bucket of the period in the zone, one page (bucketQuery); `total`: buckets over every page. */
export async function bucketFacts(
  db: Executor,
  facts: FactSource,
  period: ChartPeriod,
  timeZone: string,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: BucketRow[] }> {
  const result = await db.execute(bucketQuery(facts, period, timeZone, page));
  return readBuckets((result as unknown as { rows: (BucketRow & { total: number })[] }).rows);
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
