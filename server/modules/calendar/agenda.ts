import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertProject } from '../activities/category-service';
import { toLocalTime } from '../activities/local-time';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/** A participant's agenda: the same activities as their feed (member or host, dated), in the project's zone. */
export async function participantAgenda(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  participantId: string,
) {
  const project = await assertProject(deps.db, auth, projectId);
  if (!(await repo.findParticipant(deps.db, auth.companyId, projectId, participantId)))
    throw AppError.notFound();
  const rows = await repo.listDatedOfParticipant(deps.db, projectId, participantId);
  return {
    timeZone: project.timeZone,
    items: rows.map((row) => {
      const start = row.startsAt as Date;
      return {
        id: row.id,
        title: { fr: row.titleFr, en: row.titleEn },
        startsAt: start,
        startsAtLocal: toLocalTime(start, project.timeZone),
        endsAtLocal: toLocalTime(new Date(start.getTime() + row.durationMinutes * 60_000), project.timeZone),
        location: row.location,
      };
    }),
  };
}
