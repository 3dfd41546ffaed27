import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/** E10: the help of one screen (title and description are texts of kinds 'help.title' and 'help.description'). */
export const helpTexts = pgTable('help_texts', {
  id: id(),
  /** The screen's id, as the web app names it ('projects.list', 'project.settings'…). */
  screen: text('screen').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
