import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedByProject, updatedAt } from './columns';

/**
 * U5: a field of the participant profile form. Standard fields (`key` names a column of persons: firstName,
 * phone…) exist in every project; the organiser's own (`key` null) keep their values in participants.profile.
 */
export const profileFields = pgTable(
  'profile_fields',
  {
    id: id(),
    ...ownedByProject(),
    standardKey: text('standard_key'),
    inputType: text('input_type').notNull().default('text'),
    titleFr: text('title_fr').notNull(),
    titleEn: text('title_en').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isMandatory: boolean('is_mandatory').notNull().default(false),
    isEditable: boolean('is_editable').notNull().default(true),
    isShownOnView: boolean('is_shown_on_view').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('profile_fields_project_idx').on(t.projectId, t.position),
    uniqueIndex('profile_fields_standard_key').on(t.projectId, t.standardKey),
  ],
);

/**
 * U5: the items a participant chooses from in a single-choice (`choice`) or multiple-choice (`choices`) profile
 * field (the spec's RelatedProfileItem), titled in French and English, in the organiser's order. A participant's
 * answer keeps item ids in `participants.profile`; deleting an item removes it from there too.
 */
export const profileFieldItems = pgTable(
  'profile_field_items',
  {
    id: id(),
    ...ownedByProject(),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => profileFields.id, { onDelete: 'cascade' }),
    labelFr: text('label_fr').notNull(),
    labelEn: text('label_en').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('profile_field_items_field_idx').on(t.fieldId, t.position)],
);
