import { describe, expect, it } from 'vitest';
import { decodeMessage, listQuery, requiredText } from './http';

/** The message keys of a failed parse, decoded (`validation.tooLong|maximum=5` → `validation.tooLong`). */
function messageKeys(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => decodeMessage(issue.message).key);
}

describe('requiredText (P8)', () => {
  const name = requiredText(10);

  it('accepts 2 characters or more, trimmed', () => {
    expect(name.parse('ab')).toBe('ab');
    expect(name.parse('  Expo  ')).toBe('Expo');
    expect(name.parse('Été')).toBe('Été');
  });

  it('refuses fewer than 2 characters once trimmed, with validation.required', () => {
    for (const value of ['', ' ', 'a', '  a  ', '\t\n']) {
      const result = name.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(messageKeys(result)).toEqual(['validation.required']);
    }
  });

  it('refuses a text longer than its maximum, with validation.tooLong and the maximum', () => {
    const result = name.safeParse('x'.repeat(11));
    expect(result.success).toBe(false);
    expect(decodeMessage(result.error!.issues[0].message)).toEqual({
      key: 'validation.tooLong',
      values: { maximum: '10' },
    });
    expect(name.parse(` ${'x'.repeat(10)} `)).toHaveLength(10);
  });

  it('refuses what is not a text', () => {
    expect(name.safeParse(42).success).toBe(false);
    expect(name.safeParse(null).success).toBe(false);
  });
});

describe('listQuery (P5)', () => {
  const query = listQuery(['name', 'startsOn']);

  it('defaults to page 1 of 25 rows, ascending, no search and no sort', () => {
    expect(query.parse({})).toEqual({ page: 1, pageSize: 25, dir: 'asc' });
  });

  it('reads query-string values', () => {
    expect(query.parse({ q: '  salon ', sort: 'startsOn', dir: 'desc', page: '3', pageSize: '100' })).toEqual(
      {
        q: 'salon',
        sort: 'startsOn',
        dir: 'desc',
        page: 3,
        pageSize: 100,
      },
    );
  });

  it('accepts only the page sizes 25, 50, 75 and 100', () => {
    for (const size of [25, 50, 75, 100]) expect(query.parse({ pageSize: String(size) }).pageSize).toBe(size);
    const result = query.safeParse({ pageSize: '30' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['pageSize']);
    expect(messageKeys(result)).toEqual(['validation.pageSize']);
  });

  it('refuses a column that cannot be sorted, a page below 1 and an unknown direction', () => {
    expect(query.safeParse({ sort: 'password' }).success).toBe(false);
    expect(query.safeParse({ page: '0' }).success).toBe(false);
    expect(query.safeParse({ dir: 'sideways' }).success).toBe(false);
  });
});
