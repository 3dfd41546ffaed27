import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../tests/support/api-fixture';
import { startFakeWhereby } from '../../tests/support/fake-whereby';
import { ApiClient } from '../../tests/support/http-client';
import { until, withRestartableServer } from '../../tests/support/restart';
import { DEMO_ORGANISER, DEMO_PASSWORD } from '../seed/demo';

/**
 * RS3: `kill -9` of the server while four jobs are at work, then a restart on the same database (docs/jobs.md,
 * « Pannes et reprises »). One kill for all four, each caught where it cannot have finished:
 * - a participant import's save, inside its transaction: the second batch its dry run kept is a named pipe, which
 *   the save opens and waits on (the test sees it open);
 * - a Whereby room: the fake Whereby holds its answer to the creation;
 * - a pairing generation: its row says running with progress (its solver works for its time limit, 6 s);
 * - a B2B generation: started last; its solve on the demo data is short, so it may be over or not at the kill —
 *   either way it must end done once.
 * After the restart: the import shows interrupted and saved nothing, then saves once; the room, the pairing and the
 * B2B schedule are made once, with no duplicate.
 */

const PEOPLE = 1_001; // two batches of the dry run (1,000 rows each)

const { t } = withTestApp({ users: [] });
const whereby = await startFakeWhereby();
afterAll(() => whereby.close());
const restartable = withRestartableServer(t, () => ({
  WHEREBY_API_KEY: whereby.apiKey,
  WHEREBY_API_URL: whereby.url,
}));

/** A file upload as the import page sends it (multipart, the session's cookies and CSRF token). */
async function upload(client: ApiClient, url: string, text: string, name: string) {
  const cookie = client
    .cookieJar()
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  const session = await fetch(`${client.baseUrl}/api/session`, { headers: { cookie } });
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const form = new FormData();
  form.append('file', new Blob([text]), name);
  const response = await fetch(`${client.baseUrl}${url}`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrfToken },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { id: string };
}

/** The file of one batch the dry run kept, found in the server's storage folder. */
function checkedBatch(importId: string, batch: number) {
  const folder = path.join(restartable.dataDir(), 'files', 'imports');
  const name = fs
    .readdirSync(folder)
    .find((f) => f.startsWith(`${importId}-checked-`) && f.endsWith(`-${batch}.json`));
  if (!name) throw new Error(`no checked batch ${batch} of ${importId} in ${folder}`);
  return path.join(folder, name);
}

describe('kill -9 during four jobs, then a restart (RS3)', () => {
  it('leaves each job finished once or nothing half-done, and shows so', async () => {
    let server = await restartable.start();
    let organiser = await ApiClient.signIn(server.baseUrl, DEMO_ORGANISER, DEMO_PASSWORD);
    // The first demo event (the one with a pairing and a B2B session): « Journée B2B Montréal » of some year.
    const { items } = await organiser.call<{ items: { id: string }[] }>(
      'GET',
      `/api/projects?search=${encodeURIComponent('Journée B2B Montréal')}&pageSize=100`,
    );
    let demo = '';
    let pairing: { id: string; name: string } | undefined;
    for (const item of items) {
      const found = await organiser.call<{ items: { id: string; name: string }[] }>(
        'GET',
        `/api/projects/${item.id}/pairings`,
      );
      pairing = found.items.find((p) => p.name === 'Réseautage par affinités');
      demo = item.id;
      if (pairing) break;
    }
    const session = (
      await organiser.call<{ items: { id: string }[] }>('GET', `/api/projects/${demo}/b2b-sessions`)
    ).items[0];
    if (!pairing || !session) throw new Error('the demo pairing or B2B session is missing');
    const pairingUrl = `/api/projects/${demo}/pairings/${pairing.id}`;
    const sessionUrl = `/api/projects/${demo}/b2b-sessions/${session.id}`;

    // The import: a project of its own, a file of PEOPLE new people, analysed (two kept batches).
    const project = await organiser.createProject();
    await organiser.call('POST', `/api/projects/${project.id}/roles`, {
      name: { fr: 'Visiteur', en: 'Visitor' },
    });
    const lines = ['Courriel;Prénom;Nom;Rôle'];
    for (let i = 0; i < PEOPLE; i += 1)
      lines.push(`personne-${i}@coupure.test;Personne;Coupure ${i};Visiteur`);
    const imports = `/api/projects/${project.id}/participant-imports`;
    const { id: importId } = await upload(organiser, imports, lines.join('\n'), 'coupure.csv');
    const readImport = () =>
      organiser.call<{ status: string; error: string | null; summary: { create: number } }>(
        'GET',
        `${imports}/${importId}`,
      );
    await organiser.call('POST', `${imports}/${importId}/dry-run`);
    const analysed = await until('the dry run', readImport, (s) => s.status !== 'analysing');
    expect(analysed).toMatchObject({ status: 'ready', summary: { create: PEOPLE } });
    const participantCount = async () =>
      (await organiser.call<{ total: number }>('GET', `/api/projects/${project.id}/participants`)).total;
    expect(await participantCount()).toBe(0);

    // The room: an activity of that project, its creation held by Whereby.
    const activity = await organiser.call<{ id: string }>('POST', `/api/projects/${project.id}/activities`, {
      title: { fr: 'Atelier en ligne', en: 'Online workshop' },
      startsAt: `${new Date().getFullYear() + 1}-06-11T09:00`,
      durationMinutes: 60,
    });
    const roomUrl = `/api/projects/${project.id}/activities/${activity.id}/video-room`;
    const release = whereby.holdNext();
    await organiser.call('POST', roomUrl, { replace: false });
    await until(
      'the creation asked of Whereby',
      async () => whereby.requests.length,
      (n) => n === 1,
    );

    // The pairing: running, with progress.
    await organiser.call('POST', `${pairingUrl}/generation`);
    await until(
      'the pairing generation at work',
      () => organiser.call<{ generation: { status: string; progress: number } }>('GET', pairingUrl),
      (p) => p.generation.status === 'running' && p.generation.progress > 0,
    );
    // The B2B generation, then the save, held in its transaction on the second batch.
    await organiser.call('POST', `${sessionUrl}/generations`);
    const batch = checkedBatch(importId, 1);
    const kept = fs.readFileSync(batch);
    fs.rmSync(batch);
    execFileSync('mkfifo', [batch]);
    await organiser.call('POST', `${imports}/${importId}/save`, { sendInscription: false });
    const pipe = await fs.promises.open(batch, 'w'); // resolves once the save opens the batch to read it

    await server.kill();
    await pipe.close();
    fs.rmSync(batch);
    fs.writeFileSync(batch, kept);
    release();

    server = await restartable.start();
    organiser = await ApiClient.signIn(server.baseUrl, DEMO_ORGANISER, DEMO_PASSWORD);
    // The import: interrupted, said so, nothing saved; saved once when started again.
    expect(await readImport()).toMatchObject({
      status: 'failed',
      error: 'le traitement a été interrompu ; rien n’a été enregistré. Relancez-le.',
    });
    expect(await participantCount()).toBe(0);
    await organiser.call('POST', `${imports}/${importId}/save`, { sendInscription: false });
    expect(await until('the save', readImport, (s) => s.status !== 'saving')).toMatchObject({
      status: 'done',
    });
    expect(await participantCount()).toBe(PEOPLE);

    // The room: made again at start-up, one room for the activity, a meeting Whereby has.
    const room = await until(
      'the video room',
      () => organiser.call<{ status: string; roomUrl: string | null }>('GET', roomUrl),
      (r) => r.status !== 'pending',
    );
    expect(room.status).toBe('ready');
    expect([...whereby.meetings.values()].map((m) => m.roomUrl)).toContain(room.roomUrl);

    // The pairing: taken up again at start-up and done once: each person once a round.
    const done = await until(
      'the pairing generation',
      () => organiser.call<{ generation: { status: string } }>('GET', pairingUrl),
      (p) => !['queued', 'running'].includes(p.generation.status),
    );
    expect(done.generation.status).toBe('done');
    const seats = await organiser.call<{
      rounds: { round: number; tables: { people: { participantId: string }[] }[] }[];
    }>('GET', `${pairingUrl}/seats`);
    for (const round of seats.rounds) {
      const seated = round.tables.flatMap((table) => table.people.map((p) => p.participantId));
      expect(new Set(seated).size, `round ${round.round}`).toBe(seated.length);
    }

    // The B2B schedule: done once, as many meetings as placed, no pair and no table of a slot twice.
    const b2b = await until(
      'the B2B generation',
      () =>
        organiser.call<{ generation: { status: string; placed: number | null } }>(
          'GET',
          `${sessionUrl}/generations/latest`,
        ),
      (g) => !['queued', 'running'].includes(g.generation.status),
    );
    expect(b2b.generation.status).toBe('done');
    const { meetings } = await organiser.call<{
      meetings: { slot: number; table: number; a: { id: string }; b: { id: string } }[];
    }>('GET', `${sessionUrl}/schedule`);
    expect(meetings.length).toBe(b2b.generation.placed);
    expect(new Set(meetings.map((m) => [m.a.id, m.b.id].sort().join())).size).toBe(meetings.length);
    expect(new Set(meetings.map((m) => `${m.slot}:${m.table}`)).size).toBe(meetings.length);
  }, 180_000);
});
