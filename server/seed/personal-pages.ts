import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { companies, participants, personalPages } from '../db/schema';
import { newPageToken } from '../modules/personal-pages/service';

/** Every demo participant has a personal page (docs/participants/personal-page.md). Owner: personal-pages. */
export async function seedPersonalPages(db: Executor) {
  const people = await db
    .select({ companyId: participants.companyId, projectId: participants.projectId, id: participants.id })
    .from(participants)
    .innerJoin(companies, eq(companies.id, participants.companyId))
    .where(eq(companies.isDemo, true));
  if (!people.length) return;
  await db.insert(personalPages).values(
    people.map((p) => ({
      companyId: p.companyId,
      projectId: p.projectId,
      participantId: p.id,
      token: newPageToken(),
    })),
  );
}
