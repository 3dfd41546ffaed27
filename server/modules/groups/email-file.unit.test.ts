import { describe, expect, it } from 'vitest';
import { multibyteText, seededRandom } from '../../../tests/support/multibyte';
import { readEmailFile } from './email-file';

const read = (text: string) => readEmailFile(new TextEncoder().encode(text));

describe('readEmailFile (U4 import)', () => {
  it('reads one e-mail a line, lower-cased, each once, skipping blank and title lines', () => {
    expect(read('Liste des invités\nA@Example.test\n\nb@example.test\na@example.test\n')).toEqual({
      ok: true,
      emails: ['a@example.test', 'b@example.test'],
    });
  });

  it('reads the column headed courriel or email, whatever the separator', () => {
    expect(read('\uFEFFNom;Courriel\nAlice;alice@example.test\nBruno;\n')).toEqual({
      ok: true,
      emails: ['alice@example.test'],
    });
    expect(read('name,E-mail,city\n"Roy, Chloé",chloe@example.test,Québec\n')).toEqual({
      ok: true,
      emails: ['chloe@example.test'],
    });
    expect(read('Email\tNom\nx@example.test\tX\n')).toEqual({ ok: true, emails: ['x@example.test'] });
  });

  it('keeps what looks like an address but is not one, for the caller to report', () => {
    expect(read('jean@\nok@example.test\n')).toEqual({ ok: true, emails: ['jean@', 'ok@example.test'] });
  });

  it('refuses bytes that are not UTF-8 text', () => {
    expect(readEmailFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]))).toEqual({ ok: false });
    expect(readEmailFile(new Uint8Array([0x61, 0x00, 0x62]))).toEqual({ ok: false });
  });

  it('keeps every character of a large file of multi-byte names and addresses', () => {
    const r = seededRandom(4);
    const people = Array.from({ length: 3000 }, (_, i) => ({
      name: multibyteText(r, 1, 120),
      email: `${multibyteText(r, 1, 40)}.${i}@${multibyteText(r, 1, 20)}.test`,
    }));
    const file = ['Nom;Courriel', ...people.map((p) => `${p.name};${p.email}`)].join('\r\n');
    expect(file.length).toBeGreaterThan(64 * 1024);
    expect(read(file)).toEqual({ ok: true, emails: people.map((p) => p.email.toLowerCase()) });
  });
});
