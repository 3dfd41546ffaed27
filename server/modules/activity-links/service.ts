import { ACTIVITY_LINKS_MAX } from '../../../contracts/activity-links';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { holdActivity } from '../activities/repository';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/** V4 link tab: the location and the other links of an activity of the caller's company (else 404). */

type LinkValues = { title: { fr: string; en: string }; url: { fr: string; en: string } };

const presentLink = (row: repo.LinkRow) => ({
  id: row.id,
  title: { fr: row.titleFr, en: row.titleEn },
  url: { fr: row.urlFr, en: row.urlEn },
  position: row.position,
});

const fieldsOf = (input: LinkValues): repo.LinkFields => ({
  titleFr: input.title.fr,
  titleEn: input.title.en,
  urlFr: input.url.fr,
  urlEn: input.url.en,
});

export async function updateLocation(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  location: string | null,
) {
  const row = await repo.updateLocation(deps.db, auth.companyId, projectId, activityId, location);
  if (!row) throw AppError.notFound();
  return { location: row.location };
}

export async function listLinks(deps: Deps, auth: AuthContext, projectId: string, activityId: string) {
  return deps.db.transaction(async (tx) => {
    if (!(await holdActivity(tx, auth.companyId, projectId, activityId))) throw AppError.notFound();
    const rows = await repo.listLinks(tx, auth.companyId, projectId, activityId);
    return { items: rows.map(presentLink) };
  });
}

export async function createLink(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  input: LinkValues,
) {
  return deps.db.transaction(async (tx) => {
    // Held until saved: a deletion of the activity meanwhile waits, then takes the link with it.
    if (!(await holdActivity(tx, auth.companyId, projectId, activityId))) throw AppError.notFound();
    const { count, next } = await repo.linkCount(tx, activityId);
    if (count >= ACTIVITY_LINKS_MAX) {
      throw new AppError('activityLinks.tooMany', 'conflict', { params: { maximum: ACTIVITY_LINKS_MAX } });
    }
    const row = await repo.insertLink(
      tx,
      { companyId: auth.companyId, projectId, activityId, position: next },
      fieldsOf(input),
    );
    return presentLink(row);
  });
}

export async function updateLink(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  linkId: string,
  input: LinkValues,
) {
  const found = await repo.findLink(deps.db, auth.companyId, projectId, activityId, linkId);
  if (!found) throw AppError.notFound();
  const row = await repo.updateLink(deps.db, linkId, fieldsOf(input));
  if (!row) throw AppError.notFound();
  return presentLink(row);
}

export async function deleteLink(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  linkId: string,
) {
  const found = await repo.findLink(deps.db, auth.companyId, projectId, activityId, linkId);
  if (!found) throw AppError.notFound();
  await repo.deleteLink(deps.db, linkId);
  return { ok: true as const };
}
