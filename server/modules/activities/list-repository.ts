import { and, asc, count, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { ActivityType, HybridType } from '../../../contracts/activities';
import type { Language, ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import {
  humanOrder,
  likePattern,
  listPage,
  orderBy,
  searchPatternsCondition,
  searchWords,
} from '../../db/list';
import { activities, activitySearchText, projects } from '../../db/schema';
import { baseSelect } from './repository';

export type ActivityListParams = ListParams & {
  type?: ActivityType;
  categoryId?: string;
  sectionId?: string;
  hybridType?: HybridType;
  past: boolean;
  language: Language;
  now: Date;
};

/** When an activity ends: its start plus its duration. */
const endsAt = sql`(${activities.startsAt} + ${activities.durationMinutes} * interval '1 minute')`;

const value = sql.placeholder;

/**
 * The list's statements depend on which filters are present, how many words are searched and the order: its
 * "shape". The values (ids, words, now, page) are placeholders filled at each call.
 */
type Shape = Pick<ActivityListParams, 'sort' | 'dir' | 'past' | 'language'> & {
  filters: { type: boolean; categoryId: boolean; sectionId: boolean; hybridType: boolean };
  words: number;
};

function shapeOf(params: ActivityListParams): Shape {
  return {
    sort: params.sort,
    dir: params.dir,
    past: params.past,
    language: params.language,
    filters: {
      type: !!params.type,
      categoryId: !!params.categoryId,
      sectionId: !!params.sectionId,
      hybridType: !!params.hybridType,
    },
    words: searchWords(params.q).length,
  };
}

function listWhere(shape: Shape): SQL | undefined {
  const words = Array.from({ length: shape.words }, (_, i) => value(`word${i}`));
  return and(
    eq(activities.companyId, value('companyId')),
    eq(activities.projectId, value('projectId')),
    shape.filters.type ? eq(activities.type, value('type')) : undefined,
    shape.filters.categoryId ? eq(activities.categoryId, value('categoryId')) : undefined,
    shape.filters.sectionId ? eq(activities.sectionId, value('sectionId')) : undefined,
    shape.filters.hybridType ? eq(activities.hybridType, value('hybridType')) : undefined,
    // V1: past activities (ended before now) only when asked; an activity without date is never past.
    shape.past
      ? undefined
      : or(eq(activities.noDate, true), isNull(activities.startsAt), sql`${endsAt} >= ${value('now')}`),
    searchPatternsCondition(words, [activitySearchText(activities)]),
  );
}

function listOrder(shape: Shape): SQL[] {
  const title = shape.language === 'en' ? activities.titleEn : activities.titleFr;
  // Without a date, an activity has no place in time: after the dated ones.
  const start = sql`(case when ${activities.noDate} then null else ${activities.startsAt} end)`;
  return orderBy(
    shape,
    {
      title: humanOrder(title),
      startsAt: start,
      type: activities.type,
      duration: activities.durationMinutes,
      createdAt: activities.createdAt,
    },
    [sql`${start} asc nulls last`, asc(humanOrder(title))],
    activities.id,
  );
}

/** The page and the count of one shape, built once: drizzle's building of these wide statements was ~1 ms a call. */
function prepareList(db: Executor, shape: Shape) {
  const where = listWhere(shape);
  // An unnamed statement, as an unprepared query sends: the server plans it for each call's values.
  const unnamed = '';
  const page = baseSelect(db)
    .where(where)
    .orderBy(...listOrder(shape))
    .limit(value('limit'))
    .offset(value('offset'))
    .prepare(unnamed);
  // The project's zone comes with the count: the project check costs no statement of its own (bench/README.md,
  // "Where a request's time goes"). Null when the project is not this company's.
  const total = db
    .select({
      n: count(),
      timeZone: sql<
        string | null
      >`(select ${projects.timeZone} from ${projects} where ${projects.id} = ${value('projectId')} and ${projects.companyId} = ${value('companyId')})`,
    })
    .from(activities)
    .where(where)
    .prepare(unnamed);
  return { page, total };
}

type Prepared = ReturnType<typeof prepareList>;

/** Per database handle (a transaction's handle is dropped with it), per shape; shapes are few (sort is an enum). */
const prepared = new WeakMap<Executor, Map<string, Prepared>>();

function statementsFor(db: Executor, shape: Shape): Prepared {
  const byShape = prepared.get(db) ?? new Map<string, Prepared>();
  prepared.set(db, byShape);
  const key = JSON.stringify(shape);
  const statements = byShape.get(key) ?? prepareList(db, shape);
  byShape.set(key, statements);
  return statements;
}

/** V1: a page of a project's activities and their count, with the project's zone (null: not this company's). */
export async function listActivities(
  db: Executor,
  companyId: string,
  projectId: string,
  params: ActivityListParams,
) {
  const { page: pageStatement, total } = statementsFor(db, shapeOf(params));
  const values: Record<string, unknown> = {
    companyId,
    projectId,
    type: params.type,
    categoryId: params.categoryId,
    sectionId: params.sectionId,
    hybridType: params.hybridType,
    now: params.now,
  };
  searchWords(params.q).forEach((word, i) => {
    values[`word${i}`] = likePattern(word);
  });
  let timeZone: string | null = null;
  const page = await listPage(
    params,
    (window) => pageStatement.execute({ ...values, ...window }),
    async () => {
      const [row] = await total.execute(values);
      timeZone = row.timeZone;
      return row.n;
    },
  );
  return { ...page, timeZone };
}
