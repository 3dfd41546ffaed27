import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { importSteps, importsOf } from '../../../tests/support/spreadsheet-import';
import { buildProject } from '../../../tests/support/test-app';
import { participantImports } from '../../db/schema';
import { readState, writeState } from './state';

/**
 * RS3: a save whose process died (docs/jobs.md, « Pannes et reprises »). Its run's lock is free (no process holds it),
 * so the import is read as the process left it: interrupted with nothing saved when its transaction had not
 * committed, saved when it had (the row names its run). The kill itself: server/jobs/kill-restart.api.test.ts.
 */

const { t, camille } = withTestApp({ users: ['camille'] });
const { upload, dryRun, saveImport } = importSteps(() => t.app);

/** An analysed import of two people, then its state as a save's process left it when it died. */
async function diedWhileSaving(committed: boolean) {
  const project = await buildProject(camille);
  await camille.post(`/api/projects/${project.id}/roles`, { name: { fr: 'Visiteur', en: 'Visitor' } });
  const file =
    'email;first name;last name;role\na@mort.test;Ana;Aubé;Visiteur\nb@mort.test;Bao;Brûlé;Visiteur\n';
  const { id } = (await upload(camille, project.id, file, 'mort.csv')).body;
  expect((await dryRun(camille, project.id, id)).body.status).toBe('ready');
  const state = await readState(t.deps, id);
  if (!state) throw new Error('no state');
  const runId = randomUUID();
  Object.assign(state, { status: 'saving', progress: 40, runId, startedAt: new Date().toISOString() });
  await writeState(t.deps, state);
  if (committed)
    await t.database.db
      .update(participantImports)
      .set({ savedRunId: runId })
      .where(eq(participantImports.id, id));
  return { url: `${importsOf(project.id)}/${id}`, projectId: project.id, id };
}

describe('an import save whose process died (RS3)', () => {
  it('shows interrupted, nothing saved, when its transaction had not committed; it can be saved again', async () => {
    const { url, projectId, id } = await diedWhileSaving(false);
    const shown = (await camille.get(url)).body;
    expect(shown).toMatchObject({
      status: 'failed',
      error: 'le traitement a été interrompu ; rien n’a été enregistré. Relancez-le.',
    });
    expect((await saveImport(camille, projectId, id)).body).toMatchObject({
      status: 'done',
      summary: { create: 2 },
    });
  });

  it('shows saved when its transaction had committed before the process died', async () => {
    const { url } = await diedWhileSaving(true);
    expect((await camille.get(url)).body).toMatchObject({ status: 'done', progress: 100, error: null });
  });
});
