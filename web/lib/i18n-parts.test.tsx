/**
 * The texts in parts (web/lib/i18n.ts): the first page starts with its own French texts; the areas' texts arrive
 * when the signed-in app asks for them, in the language shown; a switch of language afterwards brings the new
 * language's areas before any label changes. Each test takes a fresh instance (the test setup fills the shared one
 * with every text).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { en, fr } from '../../locales';

type I18nModule = typeof import('./i18n');
let m: I18nModule;

beforeEach(async () => {
  vi.resetModules();
  m = await import('./i18n');
});

// A text of the first page (sign-in) and one of an area (the help of the header).
const FIRST = 'auth.title';
const AREA = 'help.open';

describe('texts in parts', () => {
  it('start with the first page’s French texts only', () => {
    expect(m.i18n.language).toBe('fr');
    expect(m.i18n.t(FIRST)).toBe(fr.auth.title);
    expect(m.i18n.exists(AREA)).toBe(false);
    expect(m.i18n.hasResourceBundle('en', 'translation')).toBe(false);
  });

  it('bring every area’s texts once the signed-in app asks for them', async () => {
    await m.loadAreas();
    expect(m.i18n.t(AREA)).toBe(fr.help.open);
    expect(m.i18n.t(FIRST)).toBe(fr.auth.title);
  });

  it('switch to English with the first page’s texts only before sign-in, and every text after', async () => {
    await m.applyLanguage('en');
    expect(m.i18n.t(FIRST)).toBe(en.auth.title);
    expect(m.i18n.exists(AREA, { lng: 'en' })).toBe(false);

    await m.loadAreas();
    expect(m.i18n.t(AREA)).toBe(en.help.open);
    // French's areas were not needed.
    expect(m.i18n.exists(AREA, { lng: 'fr' })).toBe(false);
  });

  it('switch every label at once once signed in: the new language’s areas come before the switch', async () => {
    await m.loadAreas();
    const seen: string[] = [];
    m.i18n.on('languageChanged', () => seen.push(m.i18n.t(AREA)));
    await m.applyLanguage('en');
    expect(seen).toEqual([en.help.open]);
    expect(document.documentElement.lang).toBe('en');
  });

  it('bring the areas of a language being switched to when the app asks for them meanwhile', async () => {
    const switching = m.applyLanguage('en');
    await m.loadAreas();
    await switching;
    expect(m.i18n.language).toBe('en');
    expect(m.i18n.t(AREA)).toBe(en.help.open);
  });
});
