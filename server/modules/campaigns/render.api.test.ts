import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { calendarFeeds, participants, personalPages, projects } from '../../db/schema';
import { insertQuestion } from '../pairings/fixtures';
import { type RecipientMail, renderForRecipients } from './render';
import { everyTagDraft, setUpRecipients } from './render-fixtures';

const { t, camille } = withTestApp({ env: { MAIL_FROM: 'Maillage <envois@maillage.test>' } });

const pageOf = async (participantId: string) =>
  (await t.deps.db.select().from(personalPages).where(eq(personalPages.participantId, participantId)))[0]
    ?.token;
const feedOf = async (participantId: string) =>
  (await t.deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.participantId, participantId)))[0]
    ?.token;

describe('merge tags rendered for real participants (E5)', () => {
  it('renders every tag for each recipient in their language, in the HTML and the text body', async () => {
    /** Absolute addresses start with the server's public address (PUBLIC_URL). */
    const PUBLIC = t.deps.config.publicUrl;
    expect(PUBLIC).toMatch(/^https?:\/\/[^/]+$/);
    const people = await setUpRecipients(t, camille);
    const { ana, ben, chloe, dan, scope, project } = people;
    // Ana already has a personal page and a calendar feed: they are used, never replaced.
    const made = await camille.post(`/api/projects/${scope.projectId}/participants/${ana}/personal-page`);
    const feed = await camille.post(`/api/projects/${scope.projectId}/participants/${ana}/calendar-feed`);
    const anaPage = await pageOf(ana);
    const anaFeed = await feedOf(ana);
    expect(made.body.path).toBe(`/p/${anaPage}`);
    expect(feed.body.path).toBe(`/calendar/${anaFeed}.ics`);
    await t.deps.db
      .update(projects)
      .set({ supportEmail: 'aide@boreal.test' })
      .where(eq(projects.id, scope.projectId));
    await insertQuestion(t.deps.db, scope.projectId, ['Oui', 'Non']);

    const mails = await renderForRecipients(t.deps, t.deps.db, scope, everyTagDraft, [ana, ben, chloe, dan], {
      campaign: false,
    });
    expect(mails.map((m) => [m.participantId, m.language])).toEqual([
      [ana, 'fr'],
      [ben, 'en'],
      [chloe, 'fr'],
      [dan, 'en'],
    ]);
    const [toAna, toBen, toChloe, toDan] = mails;
    const benPage = await pageOf(ben);
    const benFeed = await feedOf(ben);
    expect(await pageOf(ana)).toBe(anaPage);
    expect(await feedOf(ana)).toBe(anaFeed);
    expect(benPage).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await pageOf(dan)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Ana, in French.
    expect(toAna.subject).toBe(`Votre programme, Ana — ${project.nameFr}`);
    expect(toAna.to.name).toBe('Ana Roy');
    expect(toAna.html).toContain('<html lang="fr">');
    expect(toAna.html).toContain('<p>Bonjour Ana Roy,</p>');
    expect(toAna.html).toContain(`Écrivez-nous à <a href="mailto:aide@boreal.test">aide@boreal.test</a>.`);
    expect(toAna.html).toContain(
      `<a href="${PUBLIC}/p/${anaPage}#questionnaire">Répondre au questionnaire</a>`,
    );
    expect(toAna.html).toContain(
      `Votre page : <a href="${PUBLIC}/p/${anaPage}">Ouvrir ma page personnelle</a>`,
    );
    expect(toAna.html).toContain(
      `<a href="${PUBLIC}/calendar/${anaFeed}.ics">M’abonner à mon calendrier</a>`,
    );
    expect(toAna.html).toContain(
      '<li>Ronde 1 : table 1, avec Ben Côté (Boréal &#38; fils)</li><li>Ronde 2 : table 2</li>',
    );
    expect(toAna.html).toContain('<strong>mardi 1er juin 2027</strong>');
    expect(toAna.html).toContain('<li>09 h 00 à 10 h 30 : Plénière d’ouverture (Salle A)</li>');
    expect(toAna.html).toContain(
      '<li>14 h 00 à 14 h 15 : avec Ben Côté (Boréal &#38; fils), table 7, Rencontres B2B</li>',
    );
    expect(toAna.html).toMatch(
      new RegExp(
        `<img src="cid:qr-${ana}@maillage\\.test" alt="Votre code QR personnel" width="180" height="180"`,
      ),
    );
    expect(toAna.html).not.toMatch(/data-merge-tag|\{\{/);
    expect(toAna.attachments).toEqual([
      {
        cid: `qr-${ana}@maillage.test`,
        filename: 'qr-code.png',
        contentType: 'image/png',
        content: expect.any(String),
      },
    ]);
    expect(toAna.text).toBe(
      [
        'Bonjour Ana Roy,',
        '',
        `Bienvenue à ${project.nameFr}. Écrivez-nous à aide@boreal.test.`,
        '',
        `${PUBLIC}/p/${anaPage}#questionnaire`,
        '',
        `Votre page : ${PUBLIC}/p/${anaPage}`,
        '',
        `${PUBLIC}/calendar/${anaFeed}.ics`,
        '',
        people.pairingName,
        '- Ronde 1 : table 1, avec Ben Côté (Boréal & fils)',
        '- Ronde 2 : table 2',
        '',
        'mardi 1er juin 2027',
        '- 09 h 00 à 10 h 30 : Plénière d’ouverture (Salle A)',
        '- 14 h 00 à 14 h 15 : rencontre d’affaires avec Ben Côté (Boréal & fils), table 7, Rencontres B2B',
        '',
        'mardi 1er juin 2027',
        '- 14 h 00 à 14 h 15 : avec Ben Côté (Boréal & fils), table 7, Rencontres B2B',
        '',
        `${PUBLIC}/p/${anaPage}`,
        '',
      ].join('\n'),
    );

    // Ben, in English.
    expect(toBen.subject).toBe(`Your schedule, Ben — ${project.nameEn}`);
    expect(toBen.html).toContain('<html lang="en">');
    expect(toBen.html).toContain(`<a href="${PUBLIC}/p/${benPage}">Open my personal page</a>`);
    expect(toBen.html).toContain(`<a href="${PUBLIC}/calendar/${benFeed}.ics">Subscribe to my calendar</a>`);
    expect(toBen.text).toContain(
      `${people.pairingName}\n- Round 1: table 1, with Ana Roy\n- Round 2: table 1, with Chloé Gagnon\n`,
    );
    expect(toBen.text).toContain(
      'Tuesday, June 1, 2027\n- 9:00 a.m. to 10:30 a.m.: Opening plenary (Salle A)\n' +
        '- 2:00 p.m. to 2:15 p.m.: business meeting with Ana Roy, table 7, Rencontres B2B\n',
    );
    expect(toBen.text).toContain(
      'Tuesday, June 1, 2027\n- 2:00 p.m. to 2:15 p.m.: with Ana Roy, table 7, Rencontres B2B',
    );

    // Nothing to show: a sentence, in each one's language.
    expect(toChloe.text).toContain('Ronde 1 : table 2\n- Ronde 2 : table 1, avec Ben Côté (Boréal & fils)');
    expect(toChloe.html).toContain(
      '<p><em>Aucune activité ni rencontre n’est inscrite à votre programme pour l’instant.</em></p>',
    );
    expect(toChloe.text).toContain('Aucune rencontre d’affaires ne vous est attribuée pour l’instant.');
    expect(toDan.text).toContain('No networking round is assigned to you yet.');
    expect(toDan.text).toContain('No activity or meeting is on your program yet.');
    expect(toDan.text).toContain('No business meeting is scheduled for you yet.');
  });

  it('says when the project has no support e-mail or no questionnaire; leaves out people of other projects', async () => {
    const { ana, scope } = await setUpRecipients(t, camille);
    await t.deps.db
      .update(projects)
      .set({ supportEmail: null, projectEmail: null })
      .where(eq(projects.id, scope.projectId));
    const [demoParticipant] = await t.deps.db
      .select({ id: participants.id })
      .from(participants)
      .innerJoin(projects, eq(projects.id, participants.projectId))
      .where(eq(projects.nameFr, 'Journée B2B Montréal 2026'))
      .limit(1);
    const mails: RecipientMail[] = await renderForRecipients(
      t.deps,
      t.deps.db,
      scope,
      everyTagDraft,
      [demoParticipant.id, ana],
      { campaign: true },
    );
    expect(mails.map((m) => m.participantId)).toEqual([ana]);
    expect(mails[0].text).toContain(
      'Écrivez-nous à (aucun courriel de soutien n’est indiqué pour cet événement).',
    );
    expect(mails[0].html).toContain('<p><em>Aucun questionnaire n’est proposé pour cet événement.</em></p>');
  });

  it('loads only what the tags used need: a message with names only makes no page and no feed', async () => {
    const { chloe, dan, scope } = await setUpRecipients(t, camille);
    const render = (en: { subject: string; body: string }) =>
      renderForRecipients(
        t.deps,
        t.deps.db,
        scope,
        {
          subject: { fr: 'Bonjour {{firstName}}', en: en.subject },
          body: { fr: '<p>Salut {{ lastName }}</p>', en: en.body },
        },
        [chloe, dan],
        { campaign: false },
      );
    const [toChloe, toDan] = await render({ subject: 'Hello {{firstName}}', body: '<p>Hi {{lastName}}</p>' });
    expect(toChloe).toMatchObject({ language: 'fr', subject: 'Bonjour Chloé', text: 'Salut Gagnon\n' });
    expect(toDan).toMatchObject({ language: 'en', subject: 'Hello Dan', text: 'Hi Wong\n' });
    expect(toChloe.html).not.toContain('<img');
    expect(toChloe.attachments).toBeUndefined();
    expect(await pageOf(chloe)).toBeUndefined();
    expect(await feedOf(chloe)).toBeUndefined();

    // Nothing written in English: Dan gets the French message rather than an empty one.
    const [, fallback] = await render({ subject: '', body: '' });
    expect(fallback).toMatchObject({ language: 'fr', subject: 'Bonjour Dan', text: 'Salut Wong\n' });
  });
});
