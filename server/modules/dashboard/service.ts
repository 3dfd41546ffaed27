import {
  DASHBOARD_MODULES,
  DASHBOARD_TASKS,
  type DashboardStep,
  type DashboardWarning,
  type WarningElement,
  type WarningPage,
} from '../../../contracts/dashboard';
import { PERSONAL_PAGE_TOKEN } from '../../../contracts/personal-pages';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertProject } from '../activities/category-service';
import { newPageToken } from '../personal-pages/service';
import { findProject } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/**
 * J2: the project dashboard. The task catalogue is code (contracts/dashboard.ts); what is stored is which tasks of a
 * project are done, by whom and when. Warnings are computed from the data at each read, never stored. The figures
 * feed is a secret address (the personal pages' token and rate limit) that reaches only its project's figures.
 */

const percent = (done: number, total: number) => (total === 0 ? 0 : Math.floor((done * 100) / total));

async function readState(db: Executor, projectId: string, step?: DashboardStep) {
  const rows = await repo.listCompletions(db, projectId);
  const done = new Map(rows.map((r) => [r.taskId, r]));
  const all = DASHBOARD_TASKS.map((task) => {
    const row = done.get(task.id);
    return {
      id: task.id,
      module: task.module,
      step: task.step,
      done: Boolean(row),
      doneAt: row?.doneAt ?? null,
      // A1: a deleted user's name was copied to the tick.
      doneBy: row?.firstName ? `${row.firstName} ${row.lastName}` : (row?.doneByName ?? null),
    };
  });
  const modules = DASHBOARD_MODULES.map((module) => {
    const own = all.filter((t) => t.module === module);
    const n = own.filter((t) => t.done).length;
    return {
      module,
      done: n,
      total: own.length,
      percent: percent(n, own.length),
      complete: n === own.length,
    };
  });
  const doneCount = all.filter((t) => t.done).length;
  return {
    tasks: step ? all.filter((t) => t.step === step) : all,
    modules,
    progress: { done: doneCount, total: all.length, percent: percent(doneCount, all.length) },
  };
}

export async function getDashboard(deps: Deps, auth: AuthContext, projectId: string, step?: DashboardStep) {
  await assertProject(deps.db, auth, projectId);
  return readState(deps.db, projectId, step);
}

/** Marks these tasks of the catalogue, once the project is known to be the user's (an unknown task: 404). */
async function setDone(deps: Deps, auth: AuthContext, projectId: string, taskIds: string[], done: boolean) {
  await assertProject(deps.db, auth, projectId);
  if (taskIds.length === 0) throw AppError.notFound();
  return deps.db.transaction(async (tx) => {
    if (done)
      await repo.markDone(tx, { companyId: auth.companyId, projectId }, taskIds, auth.userId, deps.now());
    else await repo.markNotDone(tx, projectId, taskIds);
    return readState(tx, projectId);
  });
}

export function setTaskCompletion(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  taskId: string,
  done: boolean,
) {
  const known = DASHBOARD_TASKS.some((t) => t.id === taskId);
  return setDone(deps, auth, projectId, known ? [taskId] : [], done);
}

/** Every task of the module done, or none of them: one transaction. */
export function setModuleCompletion(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  module: string,
  done: boolean,
) {
  const ids = DASHBOARD_TASKS.filter((t) => t.module === module).map((t) => t.id);
  return setDone(deps, auth, projectId, ids, done);
}

// ---------- warnings ----------

/** Each warning: its page, and where it is fixed (the list's filter when the list has one). */
const WARNINGS: Record<WarningElement, { page: WarningPage; link: DashboardWarning['link'] }> = {
  // The participant list has no filter for it; the report has (« nouveau », not cancelled).
  inscriptionNotSent: {
    page: 'participants',
    link: { page: 'reports', search: { new: 'yes', active: 'yes' } },
  },
  unconfirmed: { page: 'participants', link: { page: 'participants', search: { status: 'registered' } } },
  overCapacity: { page: 'activities', link: { page: 'activities' } },
  noLocation: { page: 'activities', link: { page: 'activities' } },
  withoutDate: { page: 'activities', link: { page: 'activities', search: { type: 'session' } } },
  questionWithoutChoices: { page: 'questions', link: { page: 'questions' } },
  pairingNotGenerated: { page: 'pairings', link: { page: 'pairings' } },
  pairingOutdated: { page: 'pairings', link: { page: 'pairings' } },
  b2bNotGenerated: { page: 'b2b', link: { page: 'b2b' } },
  plannedInPast: { page: 'mail', link: { page: 'mail', search: { tab: 'log', status: 'planned' } } },
  onSaleWithoutPage: { page: 'registration', link: { page: 'registration', search: { tab: 'page' } } },
};

/** The warnings of the project that have something to say (count above 0), of one page and element when asked. */
export async function listWarnings(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  filter: { page?: WarningPage; element?: WarningElement },
) {
  await assertProject(deps.db, auth, projectId);
  const counts = await repo.warningCounts(deps.db, projectId, deps.now());
  const items = (Object.keys(WARNINGS) as WarningElement[])
    .map((element) => ({ element, ...WARNINGS[element], count: counts[element] ?? 0 }))
    .filter((w) => w.count > 0)
    .filter(
      (w) => (!filter.page || w.page === filter.page) && (!filter.element || w.element === filter.element),
    );
  return { items };
}

// ---------- the figures feed of an external dashboard ----------

export const feedPath = (token: string) => `/api/public/dashboard-feed/${token}`;

export async function getFeed(deps: Deps, auth: AuthContext, projectId: string) {
  await assertProject(deps.db, auth, projectId);
  const feed = await repo.findFeed(deps.db, projectId);
  return { path: feed ? feedPath(feed.token) : null, createdAt: feed?.createdAt ?? null };
}

/** « Réinitialiser la connexion »: a new token; the previous address stops answering at once. */
export async function resetFeed(deps: Deps, auth: AuthContext, projectId: string) {
  await assertProject(deps.db, auth, projectId);
  const token = newPageToken();
  const now = deps.now();
  await repo.saveFeedToken(deps.db, { companyId: auth.companyId, projectId }, token, now);
  return { path: feedPath(token), createdAt: now };
}

export async function revokeFeed(deps: Deps, auth: AuthContext, projectId: string) {
  await assertProject(deps.db, auth, projectId);
  await repo.deleteFeed(deps.db, projectId);
  return { path: null, createdAt: null };
}

/** The figures this token opens (its own project's only), or 404. */
export async function readFeed(deps: Deps, token: string) {
  // Same token shape as a personal page's (32 random bytes, base64url).
  const feed = PERSONAL_PAGE_TOKEN.test(token) ? await repo.findFeedByToken(deps.db, token) : undefined;
  if (!feed) throw AppError.notFound();
  const project = await findProject(deps.db, feed.companyId, feed.projectId);
  if (!project) throw AppError.notFound();
  const state = await readState(deps.db, project.id);
  const byRole = await repo.participantsByRole(deps.db, project.id);
  const byActivity = await repo.inscriptionsByActivity(deps.db, project.id);
  const sales = await repo.salesTotals(deps.db, project.id);
  return {
    project: { fr: project.nameFr, en: project.nameEn },
    generatedAt: deps.now(),
    participantsByRole: byRole.map((r) => ({ role: { fr: r.fr, en: r.en }, count: Number(r.count) })),
    inscriptionsByActivity: byActivity.map((a) => ({
      activity: { fr: a.fr, en: a.en },
      count: Number(a.count),
    })),
    sales,
    progress: state.progress,
  };
}
