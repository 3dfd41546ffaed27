import { describe, expect, it } from 'vitest';
import { inLanguage, isEmptyText, missingLanguages, plainText, stripTags, visibleLength } from './texts';

describe('plain translatable fields strip HTML tags (E10)', () => {
  it('removes tags, comments and their attributes', () => {
    expect(stripTags('<b>Salon</b> <img src=x onerror="alert(1)">des <!-- note -->affaires')).toBe(
      'Salon des affaires',
    );
    expect(stripTags('<script>x</script>Bonjour')).toBe('xBonjour');
  });

  it('keeps a lone « < » and what follows it', () => {
    expect(stripTags('Prix < 100 $ et > 50 $')).toBe('Prix < 100 $ et > 50 $');
    expect(stripTags('J<3 Montréal')).toBe('J<3 Montréal');
  });

  it('keeps blank lines between paragraphs, dropping trailing spaces', () => {
    expect(stripTags('Ligne 1  \n\nLigne 2')).toBe('Ligne 1\n\nLigne 2');
  });

  it('checks the length once the tags are gone', () => {
    expect(plainText(5).safeParse('<em>abcde</em>').success).toBe(true);
    expect(plainText(5).safeParse('abcdef').success).toBe(false);
  });
});

describe('rich texts', () => {
  it('count what a reader sees', () => {
    expect(visibleLength('<p>a&amp;b</p>')).toBe(3);
  });

  it('are empty when nothing visible is left, unless they hold an image, a video or a tag', () => {
    expect(isEmptyText('<p>&nbsp; </p>')).toBe(true);
    expect(isEmptyText('<p><img src="/files/x"></p>')).toBe(false);
    expect(isEmptyText('<span data-merge-tag="firstName"></span>')).toBe(false);
    expect(missingLanguages({ fr: '<p>Oui</p>', en: '<p></p>' })).toEqual(['en']);
  });

  it('are read in the reader’s language, else in the other one', () => {
    expect(inLanguage({ fr: 'Bonjour', en: 'Hello' }, 'en')).toBe('Hello');
    expect(inLanguage({ fr: 'Bonjour', en: '<p></p>' }, 'en')).toBe('Bonjour');
  });
});
