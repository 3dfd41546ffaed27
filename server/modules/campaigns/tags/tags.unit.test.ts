import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../../contracts/http';
import { translator } from '../../../i18n';
import { clockFor, fragmentHtml, fragmentLine, fragmentText } from './fragments';
import { markSlots, splitAtSlots, tagsIn, unknownTags } from './parse';
import { qrPng } from './qr';
import { type MeetingItem, type RecipientValues, type TagContext, tagValue } from './tag-values';
import { htmlToText } from './text';

const chip = (id: string) => `<span data-merge-tag="${id}" class="merge-tag">${id}</span>`;
const zone = 'America/Toronto';
const ctx = (lang: Language, over: Partial<TagContext['project']> = {}): TagContext => ({
  lang,
  t: translator(lang),
  clock: clockFor(lang, zone),
  project: {
    name: { fr: 'Journée B2B', en: 'B2B Day' },
    supportEmail: 'aide@maillage.test',
    hasQuestionnaire: true,
    ...over,
  },
});
const person: RecipientValues = { firstName: 'Élise', lastName: 'Bouchard <b>' };
/** Monday 1 June 2026, 14:05 in Montréal. */
const at = (hhmm: string, day = '01') => new Date(`2026-06-${day}T${hhmm}:00-04:00`);
const meeting = (over: Partial<MeetingItem> = {}): MeetingItem => ({
  startsAt: at('14:05'),
  endsAt: at('14:25'),
  with: { name: 'Marie Tremblay', organisation: 'Acme & fils' },
  tableNumber: 4,
  sessionName: 'Rencontres B2B',
  ...over,
});

describe('where the tags are (parse)', () => {
  it('finds chips and {{braces}}, and names the unknown and not offered ones once', () => {
    const html = `<p>${chip('firstName')} {{ lastName }} ${chip('forum')} {{nope}} ${chip('forum')}</p>`;
    expect(tagsIn(html)).toEqual(['firstName', 'lastName', 'forum', 'nope', 'forum']);
    expect(unknownTags(html)).toEqual(['forum', 'nope']);
    expect(unknownTags(`<p>${chip('meetings')} ${chip('qrCode')}</p>`)).toEqual([]);
  });

  it('allows only the tags that are a line of text in a subject', () => {
    expect(
      unknownTags('Bonjour {{firstName}}, {{projectName}} — {{program}} {{qrCode}}', { subject: true }),
    ).toEqual(['program', 'qrCode']);
  });

  it('marks a tag alone in its paragraph as a block, others inline, in the HTML and its text alike', () => {
    const { marked, slots } = markSlots(`<p>Bonjour ${chip('firstName')},</p><p> ${chip('program')} </p>`);
    expect(slots).toEqual([
      { tag: 'program', block: true },
      { tag: 'firstName', block: false },
    ]);
    expect(splitAtSlots(marked).slotAt).toEqual([1, 0]);
    expect(splitAtSlots(htmlToText(marked)).slotAt).toEqual([1, 0]);
  });
});

describe('the plain-text body (htmlToText)', () => {
  it('keeps paragraphs, lines, list items, links as addresses, and decodes entities', () => {
    const html =
      '<p>Bonjour&nbsp;Élise,<br>à bientôt &amp; merci.</p><ul><li>un</li><li>deux</li></ul>' +
      '<p><a href="https://x.test/a?b=1&amp;c=2">le site</a> <a href="https://x.test">https://x.test</a> ' +
      '<a href="mailto:aide@x.test">aide@x.test</a></p><p><img src="cid:q" alt="Code QR"></p>';
    expect(htmlToText(html)).toBe(
      'Bonjour\u00a0Élise,\nà bientôt & merci.\n\n- un\n- deux\n\nle site (https://x.test/a?b=1&c=2) https://x.test aide@x.test\n\nCode QR',
    );
  });
});

describe('what each tag renders (tagValue), in French and in English', () => {
  it('escapes values in the HTML body and leaves them as they are in the text and the subject', () => {
    const value = tagValue('lastName', ctx('fr'), person);
    expect(fragmentHtml(value, false)).toBe('Bouchard &#60;b&#62;');
    expect(fragmentText(value, false)).toBe('Bouchard <b>');
    expect(fragmentLine(value)).toBe('Bouchard <b>');
    expect(fragmentText(tagValue('projectName', ctx('en'), person), false)).toBe('B2B Day');
  });

  it('links the support e-mail, or says the project has none', () => {
    expect(fragmentHtml(tagValue('supportEmail', ctx('fr'), person), false)).toBe(
      '<a href="mailto:aide@maillage.test">aide@maillage.test</a>',
    );
    const none = { supportEmail: null };
    expect(fragmentText(tagValue('supportEmail', ctx('fr', none), person), false)).toBe(
      '(aucun courriel de soutien n’est indiqué pour cet événement)',
    );
    expect(fragmentHtml(tagValue('supportEmail', ctx('en', none), person), false)).toBe(
      '<em>(no support e-mail address is given for this event)</em>',
    );
  });

  it('links the personal page and its questionnaire, with words in HTML and the address in text', () => {
    const withPage = { ...person, pageUrl: 'https://m.test/p/abc', feedUrl: 'https://m.test/calendar/x.ics' };
    const survey = tagValue('surveyLink', ctx('fr'), withPage);
    expect(fragmentHtml(survey, true)).toBe(
      '<p><a href="https://m.test/p/abc#questionnaire">Répondre au questionnaire</a></p>',
    );
    expect(fragmentText(survey, true)).toBe('https://m.test/p/abc#questionnaire');
    expect(fragmentHtml(tagValue('dashboardLink', ctx('en'), withPage), false)).toBe(
      '<a href="https://m.test/p/abc">Open my personal page</a>',
    );
    expect(fragmentText(tagValue('calendar', ctx('en'), withPage), false)).toBe(
      'https://m.test/calendar/x.ics',
    );
    expect(
      fragmentText(tagValue('surveyLink', ctx('en', { hasQuestionnaire: false }), withPage), false),
    ).toBe('There is no questionnaire for this event.');
  });

  it('lists the networking rounds per pairing: table and table-mates (and alone)', () => {
    const rounds = [
      {
        pairingId: 'p1',
        pairingName: 'Réseautage',
        round: 1,
        table: { number: 3, name: 'Érable', location: 'Salon A' },
        mates: [
          { name: 'Marie Tremblay', organisation: 'Acme' },
          { name: 'Jean Roy', organisation: null },
        ],
      },
      {
        pairingId: 'p1',
        pairingName: 'Réseautage',
        round: 2,
        table: { number: 5, name: null, location: null },
        mates: [],
      },
    ];
    const fr = tagValue('networking', ctx('fr'), { ...person, rounds });
    expect(fragmentText(fr, true)).toBe(
      'Réseautage\n- Ronde 1 : table 3 (Érable), Salon A, avec Marie Tremblay (Acme) et Jean Roy\n- Ronde 2 : table 5',
    );
    expect(fragmentHtml(fr, true)).toBe(
      '<p style="margin:0 0 4px"><strong>Réseautage</strong></p><ul style="margin:0 0 16px;padding-left:20px">' +
        '<li>Ronde 1 : table 3 (Érable), Salon A, avec Marie Tremblay (Acme) et Jean Roy</li><li>Ronde 2 : table 5</li></ul>',
    );
    expect(fragmentText(tagValue('networking', ctx('en'), { ...person, rounds }), true)).toBe(
      'Réseautage\n- Round 1: table 3 (Érable), Salon A, with Marie Tremblay (Acme) and Jean Roy\n- Round 2: table 5',
    );
  });

  it('says so when there is nothing to show: no round, no meeting, nothing on the programme', () => {
    expect(fragmentText(tagValue('networking', ctx('fr'), { ...person, rounds: [] }), true)).toBe(
      'Aucune ronde de réseautage ne vous est attribuée pour l’instant.',
    );
    expect(fragmentText(tagValue('meetings', ctx('en'), { ...person, meetings: [] }), true)).toBe(
      'No business meeting is scheduled for you yet.',
    );
    expect(
      fragmentHtml(tagValue('program', ctx('fr'), { ...person, programme: [], meetings: [] }), true),
    ).toBe('<p><em>Aucune activité ni rencontre n’est inscrite à votre programme pour l’instant.</em></p>');
  });

  it('lists B2B meetings by day in the project’s zone: when, with whom, where (a table, or online)', () => {
    const meetings = [
      meeting(),
      meeting({ startsAt: at('09:00', '02'), endsAt: at('09:20', '02'), tableNumber: null }),
    ];
    expect(fragmentText(tagValue('meetings', ctx('fr'), { ...person, meetings }), true)).toBe(
      'lundi 1er juin 2026\n- 14 h 05 à 14 h 25 : avec Marie Tremblay (Acme & fils), table 4, Rencontres B2B\n\n' +
        'mardi 2 juin 2026\n- 09 h 00 à 09 h 20 : avec Marie Tremblay (Acme & fils), en ligne, Rencontres B2B',
    );
    const en = tagValue('meetings', ctx('en'), { ...person, meetings });
    expect(fragmentText(en, true)).toBe(
      'Monday, June 1, 2026\n- 2:05 p.m. to 2:25 p.m.: with Marie Tremblay (Acme & fils), table 4, Rencontres B2B\n\n' +
        'Tuesday, June 2, 2026\n- 9:00 a.m. to 9:20 a.m.: with Marie Tremblay (Acme & fils), online, Rencontres B2B',
    );
    // Inside a line of text, the list breaks lines rather than opening a list; values escaped.
    expect(fragmentHtml(en, false)).toContain(
      '<br><strong>Monday, June 1, 2026</strong><br>2:05 p.m. to 2:25 p.m.',
    );
    expect(fragmentHtml(en, false)).toContain('Acme &#38; fils');
  });

  it('puts activities and meetings of the programme in time order, the title in the reader’s language', () => {
    const programme = [
      {
        startsAt: at('09:00'),
        endsAt: at('10:30'),
        title: { fr: 'Ouverture', en: 'Opening' },
        location: 'Salle A',
      },
      {
        startsAt: at('16:00'),
        endsAt: at('16:00'),
        title: { fr: 'Cocktail', en: 'Cocktail' },
        location: null,
      },
    ];
    const value = (lang: Language) =>
      tagValue('program', ctx(lang), { ...person, programme, meetings: [meeting()] });
    expect(fragmentText(value('fr'), true)).toBe(
      'lundi 1er juin 2026\n- 09 h 00 à 10 h 30 : Ouverture (Salle A)\n' +
        '- 14 h 05 à 14 h 25 : rencontre d’affaires avec Marie Tremblay (Acme & fils), table 4, Rencontres B2B\n- 16 h 00 : Cocktail',
    );
    expect(fragmentText(value('en'), true)).toBe(
      'Monday, June 1, 2026\n- 9:00 a.m. to 10:30 a.m.: Opening (Salle A)\n' +
        '- 2:05 p.m. to 2:25 p.m.: business meeting with Marie Tremblay (Acme & fils), table 4, Rencontres B2B\n- 4:00 p.m.: Cocktail',
    );
  });

  it('shows the QR code as an inline image (cid) in HTML and as the page’s address in text', () => {
    const value = tagValue('qrCode', ctx('fr'), {
      ...person,
      pageUrl: 'https://m.test/p/abc',
      qrCid: 'qr-1@m.test',
    });
    expect(fragmentHtml(value, true)).toBe(
      '<p><img src="cid:qr-1@m.test" alt="Votre code QR personnel" width="180" height="180" style="display:block;border:0"></p>',
    );
    expect(fragmentText(value, true)).toBe('https://m.test/p/abc');
  });
});

describe('the QR code image', () => {
  it('is a PNG a QR reader decodes back to the address', async () => {
    const url = 'https://evenements.maillage.test/p/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    const png = qrPng(url);
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBeGreaterThanOrEqual(180);
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(url);
  });

  it('reads back for many addresses (random tokens of several lengths), with its fixed mask', async () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
    for (let i = 0; i < 60; i++) {
      const token = Array.from(
        { length: 43 },
        (_, j) => alphabet[(i * 7919 + j * 104729 + j * j * i) % 64],
      ).join('');
      const url = `https://${'a'.repeat(i % 30)}evenements.test/p/${token}#questionnaire`;
      const { data, info } = await sharp(qrPng(url))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(url);
    }
  });
});
