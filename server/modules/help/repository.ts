import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { helpTexts, users } from '../../db/schema';

export async function findHelpByScreen(db: Executor, screen: string) {
  const [row] = await db
    .select({ id: helpTexts.id, screen: helpTexts.screen, isActive: helpTexts.isActive })
    .from(helpTexts)
    .where(eq(helpTexts.screen, screen));
  return row;
}

/** The help row of a screen, created on first save; the active flag is set either way. */
export async function upsertHelp(db: Executor, screen: string, isActive: boolean) {
  const [row] = await db
    .insert(helpTexts)
    .values({ screen, isActive })
    .onConflictDoUpdate({ target: helpTexts.screen, set: { isActive, updatedAt: new Date() } })
    .returning({ id: helpTexts.id });
  return row.id;
}

export async function setTextEditionMode(db: Executor, userId: string, enabled: boolean) {
  await db.update(users).set({ textEditionMode: enabled, updatedAt: new Date() }).where(eq(users.id, userId));
}
