import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { activities } from '../../db/schema';
import type { ImportState } from '../spreadsheet-import/state';
import type { ActivityRowFields, ValidActivityRow } from './checks';

/**
 * The writing of a batch of activities in the save's transaction: the new ones in one insert, the changed ones in one
 * `update … from unnest(…)`, scoped to the import's company and project.
 */

const column = <T>(rows: ValidActivityRow[], value: (f: ActivityRowFields) => T) =>
  sql.param(rows.map((r) => value(r.fields)));

export async function writeActivities(tx: Executor, state: ImportState, valid: ValidActivityRow[]) {
  const { companyId, projectId } = state;
  const creates = valid.filter((r) => r.action === 'create');
  if (creates.length) {
    await tx.insert(activities).values(
      creates.map(({ fields }) => ({
        ...fields,
        startsAt: fields.startsAt ? new Date(fields.startsAt) : null,
        companyId,
        projectId,
      })),
    );
  }
  const updates = valid.filter((r) => r.action === 'update' && r.activityId);
  if (updates.length) {
    await tx.execute(sql`
      update ${activities} a set title_en = v.title_en, type = v.type, category_id = v.category_id,
        section_id = v.section_id, no_date = v.no_date, duration_minutes = v.duration_minutes,
        max_members = v.max_members, hybrid_type = v.hybrid_type, location = v.location, updated_at = now()
      from unnest(${sql.param(updates.map((r) => r.activityId))}::uuid[],
        ${column(updates, (f) => f.titleEn)}::text[], ${column(updates, (f) => f.type)}::text[],
        ${column(updates, (f) => f.categoryId)}::uuid[], ${column(updates, (f) => f.sectionId)}::uuid[],
        ${column(updates, (f) => f.noDate)}::boolean[], ${column(updates, (f) => f.durationMinutes)}::int[],
        ${column(updates, (f) => f.maxMembers)}::int[], ${column(updates, (f) => f.hybridType)}::text[],
        ${column(updates, (f) => f.location)}::text[])
        as v(id, title_en, type, category_id, section_id, no_date, duration_minutes, max_members, hybrid_type,
          location)
      where a.id = v.id and a.company_id = ${companyId} and a.project_id = ${projectId}`);
  }
}
