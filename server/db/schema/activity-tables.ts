import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { activityCategories } from './activities';
import { createdAt, id, ownedByProject, updatedAt } from './columns';
import { participants } from './participants';

/**
 * J7: a table of a meeting category, numbered within it; VIP or standard, with its seats. The matching module seats
 * people at these.
 */
export const activityTables = pgTable(
  'activity_tables',
  {
    id: id(),
    ...ownedByProject(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => activityCategories.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name'),
    location: text('location'),
    vip: boolean('vip').notNull().default(false),
    seats: integer('seats').notNull().default(8),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('activity_tables_category_number_key').on(t.categoryId, t.number),
    index('activity_tables_project_idx').on(t.projectId),
    check('activity_tables_number_check', sql`${t.number} > 0`),
    check('activity_tables_seats_check', sql`${t.seats} between 1 and 100`),
  ],
);

/** J7 assignment page: a participant given a fixed table of a meeting category (an exhibitor at a kiosk…). */
export const activityTableAssignments = pgTable(
  'activity_table_assignments',
  {
    ...ownedByProject(),
    tableId: uuid('table_id')
      .notNull()
      .references(() => activityTables.id, { onDelete: 'cascade' }),
    /** Denormalised from the table: one table per participant and category. */
    categoryId: uuid('category_id')
      .notNull()
      .references(() => activityCategories.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.participantId] }),
    index('activity_table_assignments_table_idx').on(t.tableId),
  ],
);
