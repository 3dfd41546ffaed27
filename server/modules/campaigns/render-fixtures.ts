import { eq } from 'drizzle-orm';
import {
  type ApiClient,
  buildActivity,
  insertParticipants,
  type TestApp,
} from '../../../tests/support/test-app';
import {
  activityMembers,
  meetingSessions,
  meetings,
  pairings,
  participants,
  persons,
  projects,
} from '../../db/schema';
import { seatedPairing } from '../pairings/seat-fixtures';
import type { MessageDraft } from './render';

/**
 * The merge-tag tests' people (render.api.test.ts, render-delivery.api.test.ts): a project in Toronto whose pairing
 * « Speed networking du matin » seats three people over two rounds, an activity, and a B2B meeting.
 * - Ana (French): round 1 at table 1 with Ben, round 2 alone at table 2; in the activity; a meeting with Ben.
 * - Ben (English, of « Boréal & fils »): round 1 with Ana, round 2 with Chloé; in the activity; the meeting with Ana.
 * - Chloé (French): seated only.   - Dan (English): nothing at all.
 */
export async function setUpRecipients(t: TestApp, camille: ApiClient) {
  const db = t.database.db;
  const seated = await seatedPairing(camille, db, {
    tables: 2,
    seats: 6,
    people: 3,
    layout: [
      [0, 0, 1],
      [1, 0, 0],
    ],
  });
  const { projectId } = seated;
  const [ana, ben, chloe] = seated.participants;
  const [dan] = await insertParticipants(db, projectId, [{ first: 'Dan', last: 'Wong' }]);
  const names: [string, string, string, string | null, 'fr' | 'en'][] = [
    [ana, 'Ana', 'Roy', null, 'fr'],
    [ben, 'Ben', 'Côté', 'Boréal & fils', 'en'],
    [chloe, 'Chloé', 'Gagnon', null, 'fr'],
    [dan, 'Dan', 'Wong', null, 'en'],
  ];
  for (const [id, firstName, lastName, organisation, language] of names) {
    const [row] = await db
      .select({ personId: participants.personId })
      .from(participants)
      .where(eq(participants.id, id));
    await db
      .update(persons)
      .set({ firstName, lastName, organisation, language })
      .where(eq(persons.id, row.personId));
  }
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  const { companyId } = project;
  const activity = await buildActivity(camille, projectId, {
    title: { fr: 'Plénière d’ouverture', en: 'Opening plenary' },
    startsAt: '2027-06-01T09:00',
    durationMinutes: 90,
    location: 'Salle A',
  });
  for (const participantId of [ana, ben]) {
    await db.insert(activityMembers).values({ companyId, projectId, activityId: activity.id, participantId });
  }
  const [session] = await db
    .insert(meetingSessions)
    .values({
      companyId,
      projectId,
      name: 'Rencontres B2B',
      startsAt: new Date('2027-06-01T18:00:00Z'),
      slotMinutes: 15,
      slotCount: 4,
      defaultCap: 4,
    })
    .returning();
  await db.insert(meetings).values({
    companyId,
    projectId,
    sessionId: session.id,
    participantA: ana,
    participantB: ben,
    slot: 0,
    tableNumber: 7,
    startsAt: new Date('2027-06-01T18:00:00Z'),
    endsAt: new Date('2027-06-01T18:15:00Z'),
  });
  const [pairing] = await db
    .select({ name: pairings.name })
    .from(pairings)
    .where(eq(pairings.id, seated.pairingId));
  return {
    scope: { companyId, projectId },
    project,
    pairingName: pairing.name,
    ana,
    ben,
    chloe,
    dan,
  };
}

const chip = (id: string) => `<span data-merge-tag="${id}" class="merge-tag">${id}</span>`;

/** A message using every offered tag, each in a paragraph of its own unless said. */
export const everyTagDraft: MessageDraft = {
  subject: {
    fr: 'Votre programme, {{firstName}} — {{projectName}}',
    en: 'Your schedule, {{firstName}} — {{projectName}}',
  },
  body: {
    fr: `<p>Bonjour ${chip('firstName')} ${chip('lastName')},</p><p>Bienvenue à ${chip('projectName')}. Écrivez-nous à ${chip('supportEmail')}.</p><p>${chip('surveyLink')}</p><p>Votre page : ${chip('dashboardLink')}</p><p>${chip('calendar')}</p><p>${chip('networking')}</p><p>${chip('program')}</p><p>${chip('meetings')}</p><p>${chip('qrCode')}</p>`,
    en: `<p>Hello ${chip('firstName')} ${chip('lastName')},</p><p>Welcome to ${chip('projectName')}. Write to us at ${chip('supportEmail')}.</p><p>${chip('surveyLink')}</p><p>Your page: ${chip('dashboardLink')}</p><p>${chip('calendar')}</p><p>${chip('networking')}</p><p>${chip('program')}</p><p>${chip('meetings')}</p><p>${chip('qrCode')}</p>`,
  },
};
