import { parse } from 'csv-parse/sync';

/** Headings that name the column of e-mails (compared without case, accents or spaces). */
const EMAIL_HEADINGS = new Set(['email', 'e-mail', 'courriel', 'adressecourriel', 'mail']);
const heading = (cell: string) =>
  cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '')
    .toLowerCase();

export type EmailFile = { ok: true; emails: string[] } | { ok: false };

/**
 * U4 import: the e-mails of a .csv or .txt file. Either a column whose heading is email or courriel (the other
 * columns are ignored), or one e-mail a line (the first cell of each row); cells without an @ are skipped. Separators: comma, semicolon or tab.
 * Addresses come back in lower case, each once, in the order of the file. A file that is not text (not UTF-8,
 * or holding NUL bytes) is refused.
 */
export function readEmailFile(bytes: Uint8Array): EmailFile {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false };
  }
  if (text.includes('\u0000')) return { ok: false };
  let rows: string[][];
  try {
    rows = parse(text.replace(/^\uFEFF/, ''), {
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch {
    return { ok: false };
  }
  const column = rows.length ? rows[0].findIndex((cell) => EMAIL_HEADINGS.has(heading(cell))) : -1;
  const cells = column >= 0 ? rows.slice(1).map((row) => row[column] ?? '') : rows.map((row) => row[0] ?? '');
  const emails: string[] = [];
  const seen = new Set<string>();
  for (const cell of cells) {
    const email = cell.trim().toLowerCase();
    // A cell without any @ (a title line, a blank, "n/a") is not an address: it is not reported either.
    if (!email.includes('@') || seen.has(email)) continue;
    seen.add(email);
    emails.push(email);
  }
  return { ok: true, emails };
}
