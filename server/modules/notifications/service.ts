import type { ListParams } from '../../../contracts/http';
import type {
  NotificationDirection,
  NotificationTrigger,
  NotificationValues,
} from '../../../contracts/notifications';
import { isEmptyText } from '../../../contracts/texts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { unknownTags } from '../campaigns/render';
import { findProject } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
import { sanitizeRichText } from '../texts/sanitize';
import * as repo from './repository';

/** J5: automatic notifications of a project (list, get, create, update, delete); what fires them is trigger.ts. */

const presentSummary = (row: repo.SummaryRow) => ({
  id: row.id,
  trigger: row.trigger as NotificationTrigger,
  activityId: row.activityId,
  groupId: row.groupId,
  targetName: { fr: row.targetFr, en: row.targetEn },
  direction: row.direction as NotificationDirection,
  subject: { fr: row.subjectFr, en: row.subjectEn },
  active: row.active,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** The project of the caller's company, or 404; its scope. */
async function scopeOf(db: Executor, auth: AuthContext, projectId: string): Promise<repo.Scope> {
  if (!(await findProject(db, auth.companyId, projectId))) throw AppError.notFound();
  return { companyId: auth.companyId, projectId };
}

async function loadDetail(db: Executor, scope: repo.Scope, id: string) {
  const row = await repo.findNotification(db, scope, id);
  if (!row) throw AppError.notFound();
  return { ...presentSummary(row), body: { fr: row.bodyFr, en: row.bodyEn } };
}

/** A body as stored: sanitised (merge-tag spans kept, as every rich text: texts/sanitize.ts), empty when it says nothing. */
function cleanBody(html: string, field: string): string {
  const clean = sanitizeRichText(html);
  const unknown = unknownTags(clean);
  if (unknown.length)
    throw AppError.field(field, 'validation.notifications.unknownTag', { tags: unknown.join(', ') });
  return isEmptyText(clean) ? '' : clean;
}

/**
 * The row written for the input: the target matching the trigger must be an activity or a group of the project (a
 * field error names `activityId` or `groupId`), the other is cleared; the body is sanitised.
 */
async function fieldsOf(
  db: Executor,
  scope: repo.Scope,
  input: NotificationValues,
): Promise<repo.NotificationFields> {
  const activityId = input.trigger === 'activity' ? input.activityId : null;
  const groupId = input.trigger === 'group' ? input.groupId : null;
  if (activityId && !(await repo.activityInProject(db, scope, activityId)))
    throw AppError.field('activityId', 'validation.notifications.unknownActivity');
  if (groupId && !(await repo.groupInProject(db, scope, groupId)))
    throw AppError.field('groupId', 'validation.notifications.unknownGroup');
  for (const lang of ['fr', 'en'] as const) {
    // A subject is a line of text: a tag that is not one (or does not exist) is refused, never sent as `{{tag}}`.
    const unknown = unknownTags(input.subject[lang], { subject: true });
    if (unknown.length)
      throw AppError.field(`subject.${lang}`, 'validation.notifications.unknownTag', {
        tags: unknown.join(', '),
      });
  }
  const bodyFr = cleanBody(input.body.fr, 'body.fr');
  const bodyEn = cleanBody(input.body.en, 'body.en');
  // A body of nothing but removed markup (a script, say) says nothing in either language.
  if (!bodyFr && !bodyEn) throw AppError.field('body.fr', 'validation.notifications.oneLanguage');
  return {
    trigger: input.trigger,
    activityId,
    groupId,
    direction: input.direction,
    subjectFr: input.subject.fr,
    subjectEn: input.subject.en,
    bodyFr,
    bodyEn,
    active: input.active,
  };
}

export async function listNotifications(deps: Deps, auth: AuthContext, projectId: string, query: ListParams) {
  const scope = await scopeOf(deps.db, auth, projectId);
  const page = await repo.listNotifications(deps.db, scope, { ...query, language: auth.locale });
  return { ...page, items: page.items.map(presentSummary) };
}

export async function getNotification(deps: Deps, auth: AuthContext, projectId: string, id: string) {
  return loadDetail(deps.db, await scopeOf(deps.db, auth, projectId), id);
}

export async function createNotification(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  input: NotificationValues,
) {
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, auth, projectId);
    const id = await repo.insertNotification(tx, scope, await fieldsOf(tx, scope, input));
    return loadDetail(tx, scope, id);
  });
}

export async function updateNotification(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  id: string,
  input: NotificationValues,
) {
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, auth, projectId);
    await loadDetail(tx, scope, id);
    await repo.updateNotification(tx, scope, id, await fieldsOf(tx, scope, input));
    return loadDetail(tx, scope, id);
  });
}

export async function setNotificationActive(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  id: string,
  active: boolean,
) {
  const scope = await scopeOf(deps.db, auth, projectId);
  if (!(await repo.updateNotification(deps.db, scope, id, { active }))) throw AppError.notFound();
  const { body: _body, ...summary } = await loadDetail(deps.db, scope, id);
  return summary;
}

export async function deleteNotification(deps: Deps, auth: AuthContext, projectId: string, id: string) {
  const scope = await scopeOf(deps.db, auth, projectId);
  if (!(await repo.deleteNotification(deps.db, scope, id))) throw AppError.notFound();
  return { ok: true as const };
}
