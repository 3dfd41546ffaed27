import { describe, expect, it } from 'vitest';
import { withFakeWhereby, withJobQueue, withTestApp } from '../../../tests/support/api-fixture';
import { activityVideoJobs } from '../activity-video/room-job';
import { api, ok } from '../pairings/fixtures';
import { seatedPairing } from '../pairings/seat-fixtures';

const { whereby, env } = withFakeWhereby();
const { t, camille } = withTestApp({ env, users: ['camille'] });
// The real queue on this file's database, as the video room tests run it.
withJobQueue(t, activityVideoJobs);

type Room = { status: string; roomUrl: string | null };

/** Reads a room until it is no longer pending (the job's work), as the link tab polls it. */
async function settled(url: string): Promise<Room> {
  for (let waited = 0; waited < 25_000; waited += 200) {
    const room = ok<Room>(await camille.get(url));
    if (room.status !== 'pending') return room;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the video room stayed pending');
}

describe('virtual meetings from a pairing (M6) and their Whereby rooms', () => {
  it('queues one room per virtual or hybrid meeting, made at Whereby by the video job', async () => {
    const set = await seatedPairing(camille, t.database.db, {
      tables: 3,
      seats: 2,
      people: 4,
      layout: [
        [0, 0, 1, 1],
        [0, 1, 0, 1],
      ],
    });
    const made = ok(
      await camille.post(`${set.url}/meetings`, {
        prefix: { fr: 'Ronde', en: 'Round' },
        startsAt: '2027-06-01T09:00',
        durationMinutes: 20,
        intervalMinutes: 5,
        inPerson: true,
        virtual: true,
      }),
    );
    expect(made).toMatchObject({ created: 4, members: 8, videoRooms: 4 });
    const list = ok<{ items: { id: string; hybridType: string }[] }>(
      await camille.get(`${api(set.projectId)}/activities?categoryId=${set.categoryId}&pageSize=100`),
    );
    expect(list.items.map((a) => a.hybridType)).toEqual(['hybrid', 'hybrid', 'hybrid', 'hybrid']);
    const rooms = [];
    for (const item of list.items)
      rooms.push(await settled(`${api(set.projectId)}/activities/${item.id}/video-room`));
    expect(rooms.map((r) => r.status)).toEqual(['ready', 'ready', 'ready', 'ready']);
    expect(new Set(rooms.map((r) => r.roomUrl)).size).toBe(4);
    expect(whereby.meetings.size).toBe(4);

    // A move to table 3, empty in round 1: its meeting is made hybrid as the others, with a room of its own.
    ok(
      await camille.post(`${set.url}/seats/move`, {
        round: 0,
        participantId: set.participants[0],
        tableId: set.tables[2],
      }),
    );
    const after = ok<{ items: { id: string; hybridType: string }[] }>(
      await camille.get(`${api(set.projectId)}/activities?categoryId=${set.categoryId}&pageSize=100`),
    );
    const made3 = after.items.filter((a) => !list.items.some((b) => b.id === a.id));
    expect(made3.map((a) => a.hybridType)).toEqual(['hybrid']);
    const room3 = await settled(`${api(set.projectId)}/activities/${made3[0].id}/video-room`);
    expect(room3.status).toBe('ready');
    expect(whereby.meetings.size).toBe(5);

    // In person only: no room.
    const inPerson = ok(
      await camille.post(`${set.url}/meetings`, {
        prefix: { fr: 'Ronde', en: 'Round' },
        startsAt: '2027-06-01T09:00',
        durationMinutes: 20,
        intervalMinutes: 5,
      }),
    );
    expect(inPerson).toMatchObject({ created: 5, replaced: 5, videoRooms: 0 });
  });
});
