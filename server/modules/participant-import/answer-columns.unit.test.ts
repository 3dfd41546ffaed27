import { describe, expect, it } from 'vitest';
import { splitLabels } from './answer-columns';

describe('splitLabels', () => {
  const labels = new Set(['Santé | Bien-être', 'R&D; innovation', 'Clients']);
  const known = (label: string) => labels.has(label);

  it('splits on « ; » and « | », trimmed, empty pieces left out', () => {
    expect(splitLabels(' Clients ;Fournisseurs| 日本語 🍁 ;; ', known, false)).toEqual([
      'Clients',
      'Fournisseurs',
      '日本語 🍁',
    ]);
  });

  it('keeps whole a label that holds a separator', () => {
    expect(splitLabels('Santé | Bien-être; Clients|R&D; innovation', known, true)).toEqual([
      'Santé | Bien-être',
      'Clients',
      'R&D; innovation',
    ]);
    expect(splitLabels('Santé ; Inconnu', known, true)).toEqual(['Santé', 'Inconnu']);
  });
});
