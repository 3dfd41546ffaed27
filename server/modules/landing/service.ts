import type { ActivityType } from '../../../contracts/activities';
import type { LandingSelection } from '../../../contracts/landing';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertProject } from '../activities/category-service';
import { toLocalTime } from '../activities/local-time';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/** J6: every activity of the project, with whether the landing page shows it. */
export async function listLandingActivities(deps: Deps, auth: AuthContext, projectId: string) {
  const project = await assertProject(deps.db, auth, projectId);
  const rows = await repo.listActivities(deps.db, auth.companyId, projectId, auth.locale);
  return {
    timeZone: project.timeZone,
    items: rows.map((row) => {
      const startsAt = row.noDate ? null : row.startsAt;
      return {
        id: row.id,
        title: { fr: row.titleFr, en: row.titleEn },
        type: row.type as ActivityType,
        startsAt,
        startsAtLocal: startsAt ? toLocalTime(startsAt, project.timeZone) : null,
        onLanding: row.onLanding,
      };
    }),
  };
}

/**
 * J6 save (the spec's EmidsToSave): the activities named are on the landing page and no other. An id that is not an
 * activity of this project (another company's, another project's, deleted) makes the whole save 404.
 */
export async function saveLandingSelection(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  body: LandingSelection,
) {
  const ids = [...new Set(body.activityIds)];
  await deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    if ((await repo.countOwned(tx, auth.companyId, projectId, ids)) !== ids.length) throw AppError.notFound();
    await repo.saveSelection(tx, auth.companyId, projectId, ids);
  });
  return { selected: ids.length };
}
