import type { ScoreListQuery, ScoreSelection } from '../../../contracts/scores';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { triangleIndex } from '../../matching/scores';
import * as scoreRepo from '../questions/score-repository';
import { loadScores, scoreStatus } from '../questions/scores';
import { assertProject } from '../questions/service';
import type { AuthContext } from '../session/auth-context';
import { keepRecent, type LiveScores, liveScores } from './live';
import { averages, decodePair, overallAverage, type PairValue, QUANTUM, sortedPairs } from './pairs';
import * as repo from './repository';

/** M5: the scores screen's figures: the pairs and the averages computed now, the averages of the stored scores. */

type Paging = { q?: string; page: number; pageSize: number };

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const percentOf = (value: number) => round((value / QUANTUM) * 100, 1);

/** Who « from » and « to » are, as indices in `ids`: one participant, a group's members, or everyone. */
function side(ids: readonly string[], groupsOf: (k: number) => Set<string>, group?: string, person?: string) {
  if (person) return [ids.indexOf(person)];
  const all = ids.map((_, k) => k);
  return group ? all.filter((k) => groupsOf(k).has(group)) : all;
}

/** The project, its groups and participants of the selection checked (another company's or project's id → 404). */
async function checkSelection(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  query: ScoreSelection,
  ids: readonly string[],
) {
  for (const group of [query.fromGroup, query.toGroup]) {
    if (group && !(await repo.groupExists(deps.db, auth.companyId, projectId, group)))
      throw AppError.notFound();
  }
  for (const person of [query.fromParticipant, query.toParticipant]) {
    if (person && !ids.includes(person)) throw AppError.notFound();
  }
}

export interface Selection {
  live: LiveScores;
  people: Map<string, repo.PersonInfo>;
  from: number[];
  to: number[];
}

export async function liveSelection(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  query: ScoreSelection,
): Promise<Selection> {
  await assertProject(deps.db, auth, projectId);
  const [live, people] = await Promise.all([
    liveScores(deps, projectId),
    repo.listPeople(deps.db, auth.companyId, projectId),
  ]);
  await checkSelection(deps, auth, projectId, query, live.ids);
  const groupsOf = (k: number) => live.groupIds[k];
  return {
    live,
    people,
    from: side(live.ids, groupsOf, query.fromGroup, query.fromParticipant),
    to: side(live.ids, groupsOf, query.toGroup, query.toParticipant),
  };
}

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Whether a person matches the search (name, e-mail, organisation), or everyone when there is none. */
export function searchFilter(people: Map<string, repo.PersonInfo>, q: string | undefined) {
  const term = normalise(q?.trim() ?? '');
  if (!term) return null;
  return (id: string) => {
    const p = people.get(id);
    return !!p && normalise(`${p.firstName} ${p.lastName} ${p.email} ${p.organisation ?? ''}`).includes(term);
  };
}

export function personOf(people: Map<string, repo.PersonInfo>, id: string): repo.PersonInfo {
  return people.get(id) ?? { id, firstName: '', lastName: '', email: '', organisation: null };
}

const liveValue = (live: LiveScores): PairValue => {
  const { n, values } = live.matrix;
  return (i, j) => values[triangleIndex(n, i, j)];
};

/** The selection's pairs, best first, kept while the same scores and selection are asked for (paging; 4 projects). */
const sortedCache = new Map<string, { key: string; keys: Float64Array }>();

/** Forgets the sorted pairs (the bench measures a first computation). */
export function forgetSortedPairs() {
  sortedCache.clear();
}

export function selectionPairs(projectId: string, selection: Selection) {
  const { live, from, to } = selection;
  const key = `${live.key}|${from.join(',')}|${to.join(',')}`;
  const cached = sortedCache.get(projectId);
  if (cached?.key === key) return cached.keys;
  const keys = sortedPairs(live.ids.length, from, to, liveValue(live));
  keepRecent(sortedCache, projectId, { key, keys });
  return keys;
}

/** Every pair of the selection that the search keeps, best first, decoded lazily. */
export function* pairRows(projectId: string, selection: Selection, q: string | undefined) {
  const { live, people } = selection;
  const n = live.ids.length;
  const keep = searchFilter(people, q);
  const points = 1 / live.matrix.scale;
  for (const key of selectionPairs(projectId, selection)) {
    const { i, j, value } = decodePair(n, key);
    if (keep && !keep(live.ids[i]) && !keep(live.ids[j])) continue;
    yield {
      a: personOf(people, live.ids[i]),
      b: personOf(people, live.ids[j]),
      score: round(value * points, 2),
      percent: percentOf(value),
    };
  }
}

export async function listPairs(deps: Deps, auth: AuthContext, projectId: string, query: ScoreListQuery) {
  const { page = 1, pageSize = 25 } = query as Paging;
  const selection = await liveSelection(deps, auth, projectId, query);
  const { live } = selection;
  if (live.total <= 0)
    return { items: [], page, pageSize, total: 0, maximum: 0, empty: 'noQuestions' as const };
  const start = (page - 1) * pageSize;
  const items = [];
  let total = 0;
  if (!query.q) {
    // Without a search, the page is a slice of the sorted keys.
    const keys = selectionPairs(projectId, selection);
    total = keys.length;
    const rows = pairRows(projectId, selection, undefined);
    let k = 0;
    for (const row of rows) {
      if (k >= start + pageSize) break;
      if (k++ >= start) items.push(row);
    }
  } else {
    for (const row of pairRows(projectId, selection, query.q)) {
      if (total >= start && total < start + pageSize) items.push(row);
      total++;
    }
  }
  return { items, page, pageSize, total, maximum: live.total, empty: null };
}

/** The averages of the selection from a value function: rows (searched and paged) and the overall average. */
function averageList(
  n: number,
  from: number[],
  to: number[],
  value: PairValue,
  context: { ids: readonly string[]; people: Map<string, repo.PersonInfo>; scale: number; paging: Paging },
) {
  const { ids, people, scale, paging } = context;
  const keep = searchFilter(people, paging.q);
  const rows = averages(from, to, value).filter((r) => !keep || keep(ids[r.index]));
  const start = (paging.page - 1) * paging.pageSize;
  const overall = overallAverage(n, from, to, value);
  return {
    rows,
    items: rows.slice(start, start + paging.pageSize).map((r) => averageItem(r, ids, people, scale)),
    page: paging.page,
    pageSize: paging.pageSize,
    total: rows.length,
    maximum: round(QUANTUM / scale, 2),
    overall: overall
      ? { score: round(overall.value / scale, 2), percent: percentOf(overall.value), pairs: overall.pairs }
      : null,
  };
}

export function averageItem(
  r: { index: number; count: number; value: number | null },
  ids: readonly string[],
  people: Map<string, repo.PersonInfo>,
  scale: number,
) {
  return {
    person: personOf(people, ids[r.index]),
    count: r.count,
    score: r.value === null ? null : round(r.value / scale, 2),
    percent: r.value === null ? null : percentOf(r.value),
  };
}

export async function liveAverages(deps: Deps, auth: AuthContext, projectId: string, query: ScoreListQuery) {
  const paging = query as Paging;
  const { live, people, from, to } = await liveSelection(deps, auth, projectId, query);
  if (live.total <= 0)
    return {
      items: [],
      rows: [],
      page: paging.page,
      pageSize: paging.pageSize,
      total: 0,
      maximum: 0,
      overall: null,
      empty: 'noQuestions' as const,
    };
  const list = averageList(live.ids.length, from, to, liveValue(live), {
    ids: live.ids,
    people,
    scale: live.matrix.scale,
    paging,
  });
  return { ...list, empty: null };
}

/** The same averages from the stored scores (`loadScores`), only when they are up to date; else the job status. */
export async function storedAverages(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  query: ScoreListQuery,
) {
  const paging = query as Paging;
  await assertProject(deps.db, auth, projectId);
  const [{ rows: scored, memberships }, people, stored] = await Promise.all([
    scoreRepo.listScoredParticipants(deps.db, projectId),
    repo.listPeople(deps.db, auth.companyId, projectId),
    scoreStatus(deps.db, projectId),
  ]);
  const ids = scored.map((r) => r.id);
  await checkSelection(deps, auth, projectId, query, ids);
  const groupIds = new Map(ids.map((id) => [id, new Set<string>()]));
  for (const m of memberships) groupIds.get(m.participantId)?.add(m.groupId);
  const none = new Set<string>();
  const groupsOf = (k: number) => groupIds.get(ids[k]) ?? none;
  const empty = {
    items: [],
    rows: [],
    page: paging.page,
    pageSize: paging.pageSize,
    total: 0,
    maximum: 0,
    overall: null,
    empty: null,
    stored,
    missing: 0,
  };
  const loaded = stored.status === 'ready' ? await loadScores(deps, projectId) : null;
  if (!loaded)
    return stored.status === 'ready' ? { ...empty, stored: { ...stored, status: 'none' as const } } : empty;
  // In the stored matrix's order; people registered since the computation are not in it.
  const at = new Map(loaded.participantIds.map((id, k) => [id, k]));
  const selected = (k: number) => at.get(ids[k]);
  const from = side(ids, groupsOf, query.fromGroup, query.fromParticipant);
  const to = side(ids, groupsOf, query.toGroup, query.toParticipant);
  const missing = new Set([...from, ...to].filter((k) => selected(k) === undefined)).size;
  const { n, values } = loaded.matrix;
  const storedIds = loaded.participantIds;
  const toStored = (list: number[]) => list.map(selected).filter((k): k is number => k !== undefined);
  const list = averageList(n, toStored(from), toStored(to), (i, j) => values[triangleIndex(n, i, j)], {
    ids: storedIds,
    people,
    scale: loaded.matrix.scale,
    paging,
  });
  return { ...list, empty: null, stored, missing };
}
