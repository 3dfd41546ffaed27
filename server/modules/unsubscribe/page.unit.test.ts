import { describe, expect, it } from 'vitest';
import { askPage, donePage, doneText, formatInstant, notFoundPage } from './page';

const view = {
  token: 'T'.repeat(43),
  project: { fr: 'Salon <b>PME</b>', en: 'SME <i>Fair</i>' },
  organisation: 'Boréal & cie',
  timeZone: 'America/Toronto',
  unsubscribedAt: null,
};

describe('the unsubscribe pages', () => {
  it('escape every value they show', () => {
    const page = askPage(view, 'fr');
    expect(page).toContain('Salon &#60;b&#62;PME&#60;/b&#62;');
    expect(page).toContain('Boréal &#38; cie');
    expect(page).not.toContain('<b>');
  });

  it('write the moment in the project’s zone and the reader’s language', () => {
    const at = new Date('2027-06-01T13:05:00Z');
    expect(formatInstant(at, 'fr', 'America/Toronto')).toBe('1er juin 2027 à 09 h 05');
    expect(formatInstant(at, 'en', 'America/Toronto')).toBe('June 1, 2027 at 9:05 a.m.');
    const done = donePage({ ...view, unsubscribedAt: at }, 'fr');
    expect(done).toContain('Depuis le 1er juin 2027 à 09 h 05, vous ne recevez plus les campagnes de Salon');
    expect(doneText(view, 'en')).toBe(
      'Unsubscribed: you will no longer receive the campaigns about SME <i>Fair</i>.\n',
    );
  });

  it('say nothing but “not found” for an unknown address', () => {
    const page = notFoundPage('fr');
    expect(page).toContain('<h1>Page introuvable</h1>');
    expect(page).not.toMatch(/<form|<nav|href=/);
  });
});
