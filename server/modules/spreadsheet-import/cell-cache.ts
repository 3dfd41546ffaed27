import { createHash } from 'node:crypto';

/** A reading of a cell remembered for the texts that come back row after row (up to 10,000 of them). */
export function cached<T>(read: (text: string) => T) {
  const known = new Map<string, T>();
  return (text: string) => {
    if (known.has(text)) return known.get(text) as T;
    const value = read(text);
    if (known.size < 10_000) known.set(text, value);
    return value;
  };
}

/** The stamp of a value (what a row read of the database was), to tell later whether it changed. */
export const hash = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64');
