import { describe, expect, it } from 'vitest';
import { helpIn } from './help-view-modal';

describe('the help a reader sees (E10)', () => {
  const help = {
    title: { fr: 'Les projets', en: 'Projects' },
    description: { fr: 'Ligne 1\nLigne 2', en: '  ' },
  };

  it('is in the reader’s language', () => {
    expect(helpIn(help, 'fr')).toEqual({ title: 'Les projets', description: 'Ligne 1\nLigne 2' });
    expect(helpIn(help, 'en').title).toBe('Projects');
  });

  it('falls back to the other language where the reader’s is empty', () => {
    expect(helpIn(help, 'en').description).toBe('Ligne 1\nLigne 2');
  });
});
