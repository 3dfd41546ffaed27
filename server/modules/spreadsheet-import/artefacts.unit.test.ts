import { describe, expect, it } from 'vitest';
import { artefactOf } from './artefacts';
import { decodeWindows1252 } from './windows-1252';

/** A text in UTF-8 read as Windows-1252, as a spreadsheet that guessed the wrong encoding shows it. */
const misread = (text: string) => decodeWindows1252(new TextEncoder().encode(text));

describe('artefactOf: a cell that lost characters on its way', () => {
  it('finds the replacement character, wherever it is', () => {
    expect(artefactOf('Sant\uFFFD\uFFFD')).toEqual({ kind: 'replacement', text: '\uFFFD' });
    expect(artefactOf('\uFFFDric')).toEqual({ kind: 'replacement', text: '\uFFFD' });
  });

  it('finds UTF-8 read as Windows-1252, and names what it found', () => {
    expect(artefactOf(misread('Hélène'))).toEqual({ kind: 'mojibake', text: 'Ã©' });
    expect(artefactOf(misread('Hôtel-Dieu'))).toEqual({ kind: 'mojibake', text: 'Ã´' });
    expect(artefactOf(misread('ÉCOLE'))).toEqual({ kind: 'mojibake', text: 'Ã‰' });
    expect(artefactOf(misread('Société d’État'))).toEqual({ kind: 'mojibake', text: 'Ã©' });
    expect(artefactOf(misread('l’Œuvre'))).toEqual({ kind: 'mojibake', text: 'â€™' });
    expect(artefactOf(misread('Œuvre'))).toEqual({ kind: 'mojibake', text: 'Å’' });
    expect(artefactOf(misread('« Salon » — 2026'))).toEqual({ kind: 'mojibake', text: 'Â«' });
    expect(artefactOf(misread('Ærøskøbing'))).toEqual({ kind: 'mojibake', text: 'Ã†' });
    expect(artefactOf(misread('20 °C'))).toEqual({ kind: 'mojibake', text: 'Â°' });
  });

  it('leaves alone real names, whatever their script', () => {
    for (const text of [
      'Çağlar',
      'Nguyễn Thị',
      'NGÃ BA',
      'NGÃ\u00A0BA',
      'SÃO PAULO',
      'JOÃO',
      'Irmã',
      'ROMÂNIA',
      'ÂŒŸ',
      'Ærøskøbing',
      'Åsa’s',
      'ÅSA',
      'Hôtel-Dieu',
      'L’ÉTÉ « à la plage »',
      'JOSÉ’S BAR',
      '« ALLÔ»',
      'Ğ’',
      '王小明',
      'Дмитрий',
      'Αθηνά',
      '🎉👩‍💻',
      '',
    ]) {
      expect(artefactOf(text), text).toBeNull();
    }
  });
});
