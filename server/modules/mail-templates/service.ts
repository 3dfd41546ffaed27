import type { ListParams } from '../../../contracts/http';
import type { MailTemplateValues } from '../../../contracts/mail-templates';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertProject } from '../activities/category-service';
import type { AuthContext } from '../session/auth-context';
import { sanitizeRichText } from '../texts/sanitize';
import * as repo from './repository';

const presentSummary = (row: repo.TemplateSummaryRow) => ({
  id: row.id,
  name: row.name,
  subject: { fr: row.subjectFr, en: row.subjectEn },
  createdAt: row.createdAt,
});

const present = (row: repo.TemplateRow) => ({
  ...presentSummary(row),
  body: { fr: row.bodyFr, en: row.bodyEn },
});

/** What is stored: the subjects as the contract left them (tags stripped), the bodies through the allowlist. */
const columnsOf = (input: MailTemplateValues): repo.TemplateColumns => ({
  name: input.name,
  subjectFr: input.subject.fr,
  subjectEn: input.subject.en,
  bodyFr: sanitizeRichText(input.body.fr),
  bodyEn: sanitizeRichText(input.body.en),
});

export async function listTemplates(deps: Deps, auth: AuthContext, projectId: string, params: ListParams) {
  await assertProject(deps.db, auth, projectId);
  const page = await repo.listTemplates(deps.db, auth.companyId, projectId, params);
  return { ...page, items: page.items.map(presentSummary) };
}

/** A template of this project of the caller's company, or 404 (another company's or project's is not found). */
export async function getTemplate(deps: Deps, auth: AuthContext, projectId: string, templateId: string) {
  const row = await repo.findTemplate(deps.db, auth.companyId, projectId, templateId);
  if (!row) throw AppError.notFound();
  return present(row);
}

export async function createTemplate(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  input: MailTemplateValues,
) {
  return deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    const id = await repo.insertTemplate(tx, { companyId: auth.companyId, projectId }, columnsOf(input));
    const row = await repo.findTemplate(tx, auth.companyId, projectId, id);
    if (!row) throw AppError.notFound();
    return present(row);
  });
}

export async function updateTemplate(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  templateId: string,
  input: MailTemplateValues,
) {
  const changed = await repo.updateTemplate(deps.db, auth.companyId, projectId, templateId, columnsOf(input));
  if (!changed) throw AppError.notFound();
  return getTemplate(deps, auth, projectId, templateId);
}

export async function deleteTemplate(deps: Deps, auth: AuthContext, projectId: string, templateId: string) {
  const deleted = await repo.deleteTemplate(deps.db, auth.companyId, projectId, templateId);
  if (!deleted) throw AppError.notFound();
  return { ok: true as const };
}
