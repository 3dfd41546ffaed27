import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { companies, files, projects } from '../../db/schema';
import { fileJobs } from './jobs';
import { purgeUnreferencedImages } from './service';

const { t } = withTestApp({ users: [] });

const DAY = 86_400_000;

/** A stored image (row and bytes) of the demo company, uploaded `age` ago. */
async function storedImage(purpose: string, age: number) {
  const [company] = await t.deps.db
    .select()
    .from(companies)
    .where(eq(companies.name, 'Événements Maillage (démo)'));
  const storageKey = `test/${randomUUID()}.png`;
  await t.deps.storage.put(storageKey, Buffer.from('png'), 'image/png');
  const [row] = await t.deps.db
    .insert(files)
    .values({
      companyId: company.id,
      purpose,
      storageKey,
      contentType: 'image/png',
      byteSize: 3,
      createdAt: new Date(Date.now() - age),
    })
    .returning();
  return { ...row, companyId: company.id };
}

const served = async (id: string) => (await t.app.inject({ url: `/files/${id}` })).statusCode;

it('purges, every night, the logos, banners, pictures and CVs nothing points to after a day, bytes included', async () => {
  expect(fileJobs(() => t.deps).map((job) => job.name)).toContain('files.purge');
  const abandoned = await storedImage('project.banner', 2 * DAY);
  const fresh = await storedImage('project.logo', 60_000);
  const companyLogo = await storedImage('company.logo', 2 * DAY);
  const projectLogo = await storedImage('project.logo', 2 * DAY);
  const editorImage = await storedImage('editor', 2 * DAY);
  const abandonedCv = await storedImage('participant.cv', 2 * DAY);
  await t.deps.db
    .update(companies)
    .set({ logoFileId: companyLogo.id })
    .where(eq(companies.id, companyLogo.companyId));
  const [project] = await t.deps.db
    .select()
    .from(projects)
    .where(eq(projects.companyId, projectLogo.companyId))
    .limit(1);
  await t.deps.db.update(projects).set({ logoFileId: projectLogo.id }).where(eq(projects.id, project.id));
  expect(await served(abandoned.id)).toBe(200);

  expect(await purgeUnreferencedImages(t.deps)).toBe(2);
  expect(await t.deps.storage.get(abandonedCv.storageKey)).toBeNull();
  expect(await served(abandoned.id)).toBe(404);
  expect(await t.deps.storage.get(abandoned.storageKey)).toBeNull();
  // Kept: one still waiting for its form, the ones in use, and the images inside texts.
  for (const kept of [fresh, companyLogo, projectLogo, editorImage]) expect(await served(kept.id)).toBe(200);
});
