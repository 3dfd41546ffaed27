import { and, count, eq } from 'drizzle-orm';
import type { ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { humanOrder, listPage, orderBy, searchCondition } from '../../db/list';
import { mailTemplates } from '../../db/schema';

/** C3: the message templates of a project. Every query names the company and the project. */

const summaryColumns = {
  id: mailTemplates.id,
  name: mailTemplates.name,
  subjectFr: mailTemplates.subjectFr,
  subjectEn: mailTemplates.subjectEn,
  createdAt: mailTemplates.createdAt,
};

export type TemplateSummaryRow = {
  id: string;
  name: string;
  subjectFr: string;
  subjectEn: string;
  createdAt: Date;
};
export type TemplateRow = TemplateSummaryRow & { bodyFr: string; bodyEn: string };

/** The columns a template is written with. */
export type TemplateColumns = Pick<
  typeof mailTemplates.$inferInsert,
  'name' | 'subjectFr' | 'subjectEn' | 'bodyFr' | 'bodyEn'
>;

const scoped = (companyId: string, projectId: string) =>
  and(eq(mailTemplates.companyId, companyId), eq(mailTemplates.projectId, projectId));

/** P5 list: search over the name and both subjects; by name (people's order) unless another sort is asked. */
export async function listTemplates(db: Executor, companyId: string, projectId: string, params: ListParams) {
  const where = and(
    scoped(companyId, projectId),
    searchCondition(params.q, [mailTemplates.name, mailTemplates.subjectFr, mailTemplates.subjectEn]),
  );
  const order = orderBy(
    params,
    { name: humanOrder(mailTemplates.name), createdAt: mailTemplates.createdAt },
    [humanOrder(mailTemplates.name)],
    mailTemplates.id,
  );
  return listPage<TemplateSummaryRow>(
    params,
    ({ limit, offset }) =>
      db
        .select(summaryColumns)
        .from(mailTemplates)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(mailTemplates).where(where))[0].n,
  );
}

export async function findTemplate(
  db: Executor,
  companyId: string,
  projectId: string,
  templateId: string,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select({ ...summaryColumns, bodyFr: mailTemplates.bodyFr, bodyEn: mailTemplates.bodyEn })
    .from(mailTemplates)
    .where(and(scoped(companyId, projectId), eq(mailTemplates.id, templateId)));
  return row;
}

export async function insertTemplate(
  db: Executor,
  scope: { companyId: string; projectId: string },
  values: TemplateColumns,
): Promise<string> {
  const [row] = await db
    .insert(mailTemplates)
    .values({ ...scope, ...values })
    .returning({ id: mailTemplates.id });
  return row.id;
}

/** Whether a template of this project was changed (false: not found in this company and project). */
export async function updateTemplate(
  db: Executor,
  companyId: string,
  projectId: string,
  templateId: string,
  values: TemplateColumns,
): Promise<boolean> {
  const rows = await db
    .update(mailTemplates)
    .set(values)
    .where(and(scoped(companyId, projectId), eq(mailTemplates.id, templateId)))
    .returning({ id: mailTemplates.id });
  return rows.length > 0;
}

export async function deleteTemplate(
  db: Executor,
  companyId: string,
  projectId: string,
  templateId: string,
): Promise<boolean> {
  const rows = await db
    .delete(mailTemplates)
    .where(and(scoped(companyId, projectId), eq(mailTemplates.id, templateId)))
    .returning({ id: mailTemplates.id });
  return rows.length > 0;
}
