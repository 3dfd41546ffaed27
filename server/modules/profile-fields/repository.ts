import { and, asc, eq, sql } from 'drizzle-orm';
import {
  isLockedField,
  type ProfileFieldSwitch,
  STANDARD_FIELD_KEYS,
  STANDARD_INPUT_TYPES,
  type StandardFieldKey,
} from '../../../contracts/profile-fields';
import type { Executor } from '../../db/client';
import { participants, profileFieldItems, profileFields, projects } from '../../db/schema';
import { translator } from '../../i18n';

export type ProfileFieldRow = typeof profileFields.$inferSelect;
export type ProfileFieldItemRow = typeof profileFieldItems.$inferSelect;

/** The items of one field among a project's item rows, in their order, as the API and the checks name them. */
export const itemsOfField = (rows: ProfileFieldItemRow[], fieldId: string) =>
  rows
    .filter((item) => item.fieldId === fieldId)
    .map((item) => ({ id: item.id, label: { fr: item.labelFr, en: item.labelEn } }));

/** The title a standard field starts with, in both languages (the organiser may rename it). */
function standardTitle(key: StandardFieldKey) {
  return {
    fr: translator('fr')(`profileFields.standard.${key}`),
    en: translator('en')(`profileFields.standard.${key}`),
  };
}

/**
 * Writes the standard fields a project does not have yet, in one statement: every project, old or new, gets them
 * the first time its fields are read. Nothing is written for a project of another company.
 */
export async function ensureStandardFields(db: Executor, companyId: string, projectId: string) {
  const values = sql.join(
    STANDARD_FIELD_KEYS.map((key, position) => {
      const title = standardTitle(key);
      const locked = isLockedField({ standardKey: key });
      return sql`(${key}, ${STANDARD_INPUT_TYPES[key]}, ${title.fr}, ${title.en}, ${locked}::boolean, ${position}::int)`;
    }),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${profileFields} (company_id, project_id, standard_key, input_type, title_fr, title_en, is_mandatory, position)
    select p.company_id, p.id, v.standard_key, v.input_type, v.title_fr, v.title_en, v.is_mandatory, v.position
    from ${projects} p
    cross join (values ${values}) as v(standard_key, input_type, title_fr, title_en, is_mandatory, position)
    where p.id = ${projectId} and p.company_id = ${companyId}
    on conflict (project_id, standard_key) do nothing`);
}

/** The fields of a project as they are stored, in order. */
export async function listFieldRows(db: Executor, companyId: string, projectId: string) {
  return db
    .select()
    .from(profileFields)
    .where(and(eq(profileFields.companyId, companyId), eq(profileFields.projectId, projectId)))
    .orderBy(asc(profileFields.position), asc(profileFields.createdAt), asc(profileFields.id));
}

/** The fields of a project, in order, the standard ones created first if missing; none for another company's. */
export async function listProfileFieldRows(db: Executor, companyId: string, projectId: string) {
  await ensureStandardFields(db, companyId, projectId);
  return listFieldRows(db, companyId, projectId);
}

export async function findField(db: Executor, companyId: string, projectId: string, id: string) {
  const [row] = await db
    .select()
    .from(profileFields)
    .where(
      and(
        eq(profileFields.companyId, companyId),
        eq(profileFields.projectId, projectId),
        eq(profileFields.id, id),
      ),
    );
  return row;
}

/** A new field of the organiser's own goes after the others. */
export async function insertCustomField(
  db: Executor,
  row: { companyId: string; projectId: string; inputType: string; titleFr: string; titleEn: string },
) {
  const [inserted] = await db
    .insert(profileFields)
    .values({
      ...row,
      standardKey: null,
      position: sql`(select coalesce(max(${profileFields.position}), -1) + 1 from ${profileFields} where ${profileFields.projectId} = ${row.projectId})`,
    })
    .returning();
  return inserted;
}

export async function updateField(
  db: Executor,
  companyId: string,
  projectId: string,
  id: string,
  values: Partial<Pick<ProfileFieldRow, 'titleFr' | 'titleEn' | ProfileFieldSwitch>>,
) {
  const [row] = await db
    .update(profileFields)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(profileFields.companyId, companyId),
        eq(profileFields.projectId, projectId),
        eq(profileFields.id, id),
      ),
    )
    .returning();
  return row;
}

/** Deletes a field and the values participants of the project gave it. */
export async function deleteField(db: Executor, companyId: string, projectId: string, id: string) {
  await db
    .update(participants)
    .set({ profile: sql`${participants.profile} - ${id}::text` })
    .where(
      and(
        eq(participants.companyId, companyId),
        eq(participants.projectId, projectId),
        sql`${participants.profile} ? ${id}::text`,
      ),
    );
  await db
    .delete(profileFields)
    .where(
      and(
        eq(profileFields.companyId, companyId),
        eq(profileFields.projectId, projectId),
        eq(profileFields.id, id),
      ),
    );
}

/** Writes the positions of the project's fields in the order given, in one statement. */
export async function placeFields(db: Executor, projectId: string, ids: string[]) {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, position) => sql`(${id}::uuid, ${position}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${profileFields} set position = v.position, updated_at = now()
    from (values ${values}) as v(id, position)
    where ${profileFields}.id = v.id and ${profileFields}.project_id = ${projectId}`);
}

// ---------- the items of choice fields ----------

const itemOrder = [
  asc(profileFieldItems.position),
  asc(profileFieldItems.createdAt),
  asc(profileFieldItems.id),
];

/** Holds the field's row until the transaction ends: two changes of its items never interleave. */
export async function lockField(db: Executor, fieldId: string) {
  await db.execute(sql`select id from ${profileFields} where id = ${fieldId} for update`);
}

/** The items of every field of a project, field by field in their order; none for another company's project. */
export async function listProjectItemRows(db: Executor, companyId: string, projectId: string) {
  return db
    .select()
    .from(profileFieldItems)
    .where(and(eq(profileFieldItems.companyId, companyId), eq(profileFieldItems.projectId, projectId)))
    .orderBy(asc(profileFieldItems.fieldId), ...itemOrder);
}

/** The items of one field, in order. */
export async function listItemRows(db: Executor, companyId: string, projectId: string, fieldId: string) {
  return db
    .select()
    .from(profileFieldItems)
    .where(
      and(
        eq(profileFieldItems.companyId, companyId),
        eq(profileFieldItems.projectId, projectId),
        eq(profileFieldItems.fieldId, fieldId),
      ),
    )
    .orderBy(...itemOrder);
}

/** Items added after the field's others, in the order given, in one statement. */
export async function insertItems(
  db: Executor,
  owner: { companyId: string; projectId: string; fieldId: string },
  labels: { fr: string; en: string }[],
) {
  if (labels.length === 0) return;
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${profileFieldItems.position}), -1)::int + 1` })
    .from(profileFieldItems)
    .where(eq(profileFieldItems.fieldId, owner.fieldId));
  await db.insert(profileFieldItems).values(
    labels.map((label, index) => ({
      ...owner,
      labelFr: label.fr,
      labelEn: label.en,
      position: next + index,
    })),
  );
}

export async function updateItemLabel(
  db: Executor,
  fieldId: string,
  itemId: string,
  label: { fr: string; en: string },
) {
  const [row] = await db
    .update(profileFieldItems)
    .set({ labelFr: label.fr, labelEn: label.en, updatedAt: sql`now()` })
    .where(and(eq(profileFieldItems.fieldId, fieldId), eq(profileFieldItems.id, itemId)))
    .returning();
  return row;
}

/**
 * Deletes an item and takes it out of the participants' answers to its field: a single choice loses its value, a
 * multiple choice keeps its other items (and loses the value once none is left).
 */
export async function deleteItem(
  db: Executor,
  owner: { companyId: string; projectId: string; fieldId: string },
  itemId: string,
) {
  const key = sql`${owner.fieldId}::text`;
  const left = sql`array_remove(string_to_array(${participants.profile} ->> ${key}, ','), ${itemId}::text)`;
  await db
    .update(participants)
    .set({
      profile: sql`case when coalesce(cardinality(${left}), 0) = 0 then ${participants.profile} - ${key}
        else jsonb_set(${participants.profile}, array[${key}], to_jsonb(array_to_string(${left}, ','))) end`,
    })
    .where(
      and(
        eq(participants.companyId, owner.companyId),
        eq(participants.projectId, owner.projectId),
        sql`position(${itemId}::text in ${participants.profile} ->> ${key}) > 0`,
      ),
    );
  await db
    .delete(profileFieldItems)
    .where(and(eq(profileFieldItems.fieldId, owner.fieldId), eq(profileFieldItems.id, itemId)));
}

/** Writes the positions of a field's items in the order given, in one statement. */
export async function placeItems(db: Executor, fieldId: string, ids: string[]) {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, position) => sql`(${id}::uuid, ${position}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${profileFieldItems} set position = v.position, updated_at = now()
    from (values ${values}) as v(id, position)
    where ${profileFieldItems}.id = v.id and ${profileFieldItems}.field_id = ${fieldId}`);
}
