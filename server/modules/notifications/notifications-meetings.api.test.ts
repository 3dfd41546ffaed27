import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { mailMessages } from '../../db/schema';
import { body, LAYOUT, meetingsOf } from '../pairing-meetings/meeting-fixtures';
import { ok } from '../pairings/fixtures';
import { seatedPairing } from '../pairings/seat-fixtures';

const { t, camille } = withTestApp();

/**
 * J5 on the meetings of a table-round pairing: their members follow the seats (pairing-meetings/repository.ts
 * followSeats), and a seat moved by hand fires the notifications of the meeting left and of the meeting joined.
 */
it('a seat moved: the meeting left sends its `out`, the meeting joined its `in`, once', async () => {
  // 3 tables of 3 seats, 4 people, meetings generated: round 1 at tables 1 and 2.
  const set = await seatedPairing(camille, t.database.db, { tables: 3, seats: 3, people: 4, layout: LAYOUT });
  ok(await camille.post(`${set.url}/meetings`, body()));
  const meetings = await meetingsOf(camille, set.projectId, set.categoryId);
  const byTitle = (title: string) => meetings.find((m) => m.title.fr === title)?.id as string;
  const notify = async (activityId: string, direction: string, subject: string) =>
    ok(
      await camille.post(`/api/projects/${set.projectId}/notifications`, {
        trigger: 'activity',
        activityId,
        direction,
        subject: { fr: subject, en: subject },
        body: { fr: '<p>Table</p>', en: '<p>Table</p>' },
      }),
    );
  await notify(byTitle('Ronde 1 – Table 1'), 'out', 'Table 1 quittée');
  await notify(byTitle('Ronde 1 – Table 2'), 'in', 'Table 2 rejointe');
  const [first] = set.participants;
  const sentTo = () =>
    t.database.db
      .select({ subject: mailMessages.subject })
      .from(mailMessages)
      .where(and(eq(mailMessages.participantId, first), eq(mailMessages.kind, 'notification')));

  // The first person, at table 1 in round 1, moves to table 2.
  ok(await camille.post(`${set.url}/seats/move`, { round: 0, participantId: first, tableId: set.tables[1] }));
  expect((await sentTo()).map((m) => m.subject).sort()).toEqual(['Table 1 quittée', 'Table 2 rejointe']);
});
