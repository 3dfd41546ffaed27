import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_PAGE_READS_PER_MINUTE } from '../../../contracts/personal-pages';
import { withTestApp } from '../../../tests/support/api-fixture';
import {
  type ApiClient,
  anonymous,
  buildActivity,
  buildProject,
  insertParticipants,
} from '../../../tests/support/test-app';
import {
  activityMembers,
  companies,
  files,
  meetingSessions,
  meetings,
  participants,
  personalPages,
  projects,
  questions,
  scoreSets,
} from '../../db/schema';
import { insertQuestion } from '../pairings/fixtures';
import { seatedPairing } from '../pairings/seat-fixtures';

const { t, camille, jordan } = withTestApp();
let visitor: ApiClient;
beforeAll(async () => {
  visitor = await anonymous(t.app);
});

const addressUrl = (projectId: string, participantId: string) =>
  `/api/projects/${projectId}/participants/${participantId}/personal-page`;
/** What the page's screen asks for with the token of a `/p/<token>` address. */
const pageApi = (path: string) => `/api/personal-pages/${path.replace('/p/', '')}`;

async function makeAddress(projectId: string, participantId: string): Promise<string> {
  const response = await camille.post(addressUrl(projectId, participantId));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.path).toMatch(/^\/p\/[A-Za-z0-9_-]{43}$/);
  return response.body.path;
}

/** A project in Toronto with Ana (French) and Ben (English), Ana in one activity, and a B2B meeting between them. */
async function setUp() {
  const project = await buildProject(camille, {
    nameFr: 'Journée d’affaires',
    nameEn: 'Business day',
  });
  const [ana, ben] = await insertParticipants(t.database.db, project.id, [
    { first: 'Ana', last: 'Roy', organisation: 'Érable inc.' },
    { first: 'Ben', last: 'Côté', organisation: 'Boréal ltée' },
  ]);
  const activity = await buildActivity(camille, project.id, {
    title: { fr: 'Plénière d’ouverture', en: 'Opening plenary' },
    startsAt: '2027-11-07T01:30',
    startsAtOffset: 'later',
    durationMinutes: 60,
    location: 'Salle A',
  });
  const [{ companyId }] = await t.database.db
    .select({ companyId: projects.companyId })
    .from(projects)
    .where(eq(projects.id, project.id));
  await t.database.db
    .insert(activityMembers)
    .values({ companyId, projectId: project.id, activityId: activity.id, participantId: ana });
  const [session] = await t.database.db
    .insert(meetingSessions)
    .values({
      companyId,
      projectId: project.id,
      name: 'Rencontres B2B',
      startsAt: new Date('2027-11-08T14:00:00Z'),
      slotMinutes: 15,
      slotCount: 4,
      defaultCap: 4,
    })
    .returning();
  await t.database.db.insert(meetings).values({
    companyId,
    projectId: project.id,
    sessionId: session.id,
    participantA: ana,
    participantB: ben,
    slot: 0,
    tableNumber: 7,
    startsAt: new Date('2027-11-08T14:00:00Z'),
    endsAt: new Date('2027-11-08T14:15:00Z'),
  });
  return { project, ana, ben, activity };
}

// First: the tests below add participants of their own to the demo company.
describe('the demo', () => {
  it('gives every demo participant a personal page that opens', async () => {
    const demoPeople = await t.database.db
      .select({ id: participants.id })
      .from(participants)
      .innerJoin(companies, eq(companies.id, participants.companyId))
      .where(eq(companies.isDemo, true));
    const pages = await t.database.db
      .select({ participantId: personalPages.participantId, token: personalPages.token })
      .from(personalPages)
      .where(
        inArray(
          personalPages.participantId,
          demoPeople.map((p) => p.id),
        ),
      );
    expect(demoPeople.length).toBeGreaterThan(0);
    expect(pages.length).toBe(demoPeople.length);
    const opened = await visitor.get(`/api/personal-pages/${pages[0].token}`);
    expect(opened.status).toBe(200);
    expect(opened.body.participant.firstName).toEqual(expect.any(String));
  });
});

describe('a participant’s personal page', () => {
  it('opens at its secret address without a session, showing only that participant’s programme and meetings', async () => {
    const { project, ana, ben } = await setUp();
    expect((await camille.get(addressUrl(project.id, ana))).body).toEqual({ path: null, createdAt: null });
    const path = await makeAddress(project.id, ana);
    expect((await camille.get(addressUrl(project.id, ana))).body.path).toBe(path);

    const page = await visitor.get(pageApi(path));
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body.participant).toEqual({ firstName: 'Ana', lastName: 'Roy', language: 'fr' });
    expect(page.body.project.name).toEqual({ fr: 'Journée d’affaires', en: 'Business day' });
    expect(page.body.programme).toEqual([
      expect.objectContaining({
        title: { fr: 'Plénière d’ouverture', en: 'Opening plenary' },
        // The second 01:30 of the fall-back night, as entered: 06:30 UTC.
        startsAt: '2027-11-07T06:30:00.000Z',
        startsAtLocal: '2027-11-07T01:30',
        endsAtLocal: '2027-11-07T02:30',
        location: 'Salle A',
      }),
    ]);
    expect(page.body.meetings).toEqual([
      expect.objectContaining({
        with: 'Ben Côté (Boréal ltée)',
        tableNumber: 7,
        sessionName: 'Rencontres B2B',
        startsAtLocal: '2027-11-08T09:00',
        virtual: false,
      }),
    ]);
    expect(page.body.calendarFeedPath).toBeNull();
    // Nothing of anyone else: Ben appears only as Ana's counterpart, with no e-mail.
    expect(JSON.stringify(page.body)).not.toMatch(/@/);

    // Ben's own page is another address, with his meeting seen from his side.
    const benPage = await visitor.get(pageApi(await makeAddress(project.id, ben)));
    expect(benPage.body.meetings[0].with).toBe('Ana Roy (Érable inc.)');
    expect(benPage.body.programme).toEqual([]);
  });

  it('shows their table in each round of a pairing and who sits with them, none from an absence on', async () => {
    // 3 rounds, 4 people at 2 tables: person 0 with 1, then with 2, then alone (the others elsewhere).
    const seated = await seatedPairing(camille, t.database.db, {
      tables: 3,
      seats: 4,
      people: 4,
      layout: [
        [0, 0, 1, 1],
        [1, 0, 1, 0],
        [2, 0, 0, 1],
      ],
    });
    const [first, , third] = seated.participants;
    const path = await makeAddress(seated.projectId, first);
    const rounds = (await visitor.get(pageApi(path))).body.rounds;
    expect(
      rounds.map((r: { round: number; table: { number: number } }) => [r.round, r.table.number]),
    ).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(rounds[0].mates).toEqual([{ name: 'Personne2 Essai02', organisation: null }]);
    expect(rounds[1].mates).toEqual([{ name: 'Personne3 Essai03', organisation: null }]);
    expect(rounds[2].mates).toEqual([]);
    // The third person's page names the first in round 2 only.
    const thirdRounds = (await visitor.get(pageApi(await makeAddress(seated.projectId, third)))).body.rounds;
    expect(thirdRounds[1].mates).toEqual([{ name: 'Personne1 Essai01', organisation: null }]);

    // Marked absent from round 2: the page keeps round 1 only.
    const absent = await camille.post(`${seated.url}/seats/absences`, { participantId: first, fromRound: 1 });
    expect(absent.status, JSON.stringify(absent.body)).toBe(200);
    expect((await visitor.get(pageApi(path))).body.rounds.map((r: { round: number }) => r.round)).toEqual([
      1,
    ]);
  });

  it('asks the questionnaire by its permissions: hidden from participants, read-only, or answered and saved', async () => {
    const { project, ana } = await setUp();
    const sector = await insertQuestion(t.database.db, project.id, ['Énergie', 'Mines', 'Forêt'], {
      [ana]: [0],
    });
    const fixed = await insertQuestion(t.database.db, project.id, ['Oui', 'Non'], { [ana]: [1] });
    const hidden = await insertQuestion(t.database.db, project.id, ['A', 'B'], { [ana]: [0] });
    await t.database.db
      .update(questions)
      .set({ participantCanEdit: false })
      .where(eq(questions.id, fixed.questionId));
    await t.database.db
      .update(questions)
      .set({ visibility: 'organisers' })
      .where(eq(questions.id, hidden.questionId));
    const path = await makeAddress(project.id, ana);
    const answersUrl = `${pageApi(path)}/answers`;

    const read = await visitor.get(answersUrl);
    expect(read.status).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    const ids = read.body.questions.map((q: { id: string }) => q.id);
    expect(ids).toEqual(expect.arrayContaining([sector.questionId, fixed.questionId]));
    expect(ids).not.toContain(hidden.questionId);
    const editable = Object.fromEntries(
      read.body.questions.map((q: { id: string; editable: boolean }) => [q.id, q.editable]),
    );
    expect(editable[sector.questionId]).toBe(true);
    expect(editable[fixed.questionId]).toBe(false);
    expect(read.body.answers[sector.questionId]).toEqual([sector.choiceIds[0]]);
    expect(read.body.answers[hidden.questionId]).toBeUndefined();

    // Saved from the page: the organiser sees it in the participant's panel, and the scores are computed again.
    const revision = async () =>
      (
        await t.database.db
          .select({ n: projects.answersRevision })
          .from(projects)
          .where(eq(projects.id, project.id))
      )[0].n;
    const before = await revision();
    const saved = await visitor.put(answersUrl, { answers: { [sector.questionId]: [sector.choiceIds[2]] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.answers[sector.questionId]).toEqual([sector.choiceIds[2]]);
    const panel = await camille.get(`/api/projects/${project.id}/participants/${ana}/answers`);
    expect(panel.body.answers[sector.questionId]).toEqual([sector.choiceIds[2]]);
    expect(panel.body.answers[hidden.questionId]).toEqual([hidden.choiceIds[0]]);
    expect(await revision()).toBe(before + 1);
    const sets = await t.database.db
      .select({ status: scoreSets.status })
      .from(scoreSets)
      .where(eq(scoreSets.projectId, project.id));
    expect(sets.length).toBeGreaterThan(0);

    // Refused, naming the field, and nothing changed: a read-only question, a hidden one, a choice of another question.
    for (const [answers, code] of [
      [{ [fixed.questionId]: [fixed.choiceIds[0]] }, 'validation.questions.notEditable'],
      [{ [hidden.questionId]: [hidden.choiceIds[1]] }, 'validation.questions.notAsked'],
      [{ [sector.questionId]: [fixed.choiceIds[0]] }, 'validation.questions.unknownChoice'],
    ] as const) {
      const refused = await visitor.put(answersUrl, { answers });
      expect(refused.status).toBe(400);
      const [questionId] = Object.keys(answers);
      expect(refused.body.fields).toEqual([
        expect.objectContaining({ field: `answers.${questionId}`, code }),
      ]);
    }
    const after = await camille.get(`/api/projects/${project.id}/participants/${ana}/answers`);
    expect(after.body.answers).toEqual(panel.body.answers);
    // Without the CSRF token of the page's browser: refused.
    const bare = await anonymous(t.app);
    delete bare.cookies._csrf;
    expect((await bare.put(answersUrl, { answers: {} })).status).toBe(403);
    expect((await visitor.get(`/api/personal-pages/${'B'.repeat(43)}/answers`)).status).toBe(404);
  });

  it('gives the calendar feed’s address once the organiser has made one', async () => {
    const { project, ana } = await setUp();
    const path = await makeAddress(project.id, ana);
    const feed = await camille.post(`/api/projects/${project.id}/participants/${ana}/calendar-feed`);
    expect((await visitor.get(pageApi(path))).body.calendarFeedPath).toBe(feed.body.path);
  });

  it('stops answering at once when regenerated or revoked (404), and can be made again', async () => {
    const { project, ana } = await setUp();
    const first = await makeAddress(project.id, ana);
    const second = await makeAddress(project.id, ana);
    expect(second).not.toBe(first);
    expect((await visitor.get(pageApi(first))).status).toBe(404);
    expect((await visitor.get(pageApi(second))).status).toBe(200);

    const revoked = await camille.delete(addressUrl(project.id, ana));
    expect(revoked.body).toEqual({ path: null, createdAt: null });
    expect((await visitor.get(pageApi(second))).status).toBe(404);
    expect((await camille.get(addressUrl(project.id, ana))).body.path).toBeNull();
    expect((await visitor.get(pageApi(await makeAddress(project.id, ana)))).status).toBe(200);
  });

  it('is the organiser’s company’s alone: another company sees 404 and changes nothing', async () => {
    const { project, ana } = await setUp();
    const path = await makeAddress(project.id, ana);
    expect((await jordan.get(addressUrl(project.id, ana))).status).toBe(404);
    expect((await jordan.post(addressUrl(project.id, ana))).status).toBe(404);
    expect((await jordan.delete(addressUrl(project.id, ana))).status).toBe(404);
    expect((await visitor.get(pageApi(path))).status).toBe(200);
    expect((await visitor.get(addressUrl(project.id, ana))).status).toBe(401);
  });

  it('shows the project’s logo through the page’s token alone, and stops when the address is replaced', async () => {
    const { project, ana, ben } = await setUp();
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 1, 2, 3]);
    const storageKey = `test/${randomUUID()}.png`;
    await t.deps.storage.put(storageKey, bytes, 'image/png');
    const [logo] = await t.database.db
      .insert(files)
      .values({
        companyId: camille.user.company.id,
        purpose: 'project.logo',
        storageKey,
        contentType: 'image/png',
        byteSize: bytes.length,
        width: 400,
        height: 200,
      })
      .returning();
    const path = await makeAddress(project.id, ana);
    // Without a logo: none offered, none served.
    expect((await visitor.get(pageApi(path))).body.project.logoPath).toBeNull();
    expect((await visitor.get(`${pageApi(path)}/logo`)).status).toBe(404);

    expect((await camille.put(`/api/projects/${project.id}/branding`, { logoFileId: logo.id })).status).toBe(
      200,
    );
    const page = await visitor.get(pageApi(path));
    expect(page.body.project.logoPath).toBe(`${pageApi(path)}/logo`);
    const image = await t.app.inject({ url: page.body.project.logoPath });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.headers['set-cookie']).toBeUndefined();
    expect(new Uint8Array(image.rawPayload)).toEqual(bytes);
    // The token reaches the logo, nothing else: the path names no file, and another page's token is its own key.
    expect(page.body.project.logoPath).not.toContain(logo.id);
    const benPath = await makeAddress(project.id, ben);
    expect((await t.app.inject({ url: `${pageApi(benPath)}/logo` })).statusCode).toBe(200);

    await makeAddress(project.id, ana);
    expect((await t.app.inject({ url: `${pageApi(path)}/logo` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/personal-pages/${'A'.repeat(43)}/logo` })).statusCode).toBe(404);
  });

  it('answers 404 to a token of any other shape, and goes away with its participant', async () => {
    const { project, ana } = await setUp();
    const path = await makeAddress(project.id, ana);
    for (const token of ['x', path.slice(3, -1), `${path.slice(3)}A`, '%00', 'é'.repeat(43)]) {
      expect((await visitor.get(`/api/personal-pages/${encodeURIComponent(token)}`)).status).toBe(404);
    }
    // Longer than any route parameter the server reads: refused before routing.
    expect((await visitor.get(`/api/personal-pages/${'a'.repeat(101)}`)).status).toBe(414);
    expect(
      (await camille.post(`/api/projects/${project.id}/participants/delete`, { ids: [ana] })).status,
    ).toBe(200);
    expect((await visitor.get(pageApi(path))).status).toBe(404);
  });
});

// Last: it spends the minute's allowance of this client address.
it('limits the reads of the public page per client address and minute (429)', async () => {
  const statuses: number[] = [];
  for (let i = 0; i <= PERSONAL_PAGE_READS_PER_MINUTE; i++) {
    statuses.push((await visitor.get(`/api/personal-pages/${'A'.repeat(43)}`)).status);
  }
  expect(statuses.at(-1)).toBe(429);
  // The logo is read with the page's token, and limited the same way.
  const logo: number[] = [];
  for (let i = 0; i <= PERSONAL_PAGE_READS_PER_MINUTE; i++) {
    logo.push((await visitor.get(`/api/personal-pages/${'A'.repeat(43)}/logo`)).status);
  }
  expect(logo.at(-1)).toBe(429);
});
