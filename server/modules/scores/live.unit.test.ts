import { describe, expect, it } from 'vitest';
import { keepRecent } from './live';

describe('keepRecent', () => {
  it('keeps the 4 projects used last, a project used again moving to the end', () => {
    const kept = new Map<string, number>();
    for (const [k, project] of ['a', 'b', 'c', 'd'].entries()) keepRecent(kept, project, k);
    keepRecent(kept, 'a', 10); // a is used again: b is now the oldest
    keepRecent(kept, 'e', 4);
    expect([...kept.keys()]).toEqual(['c', 'd', 'a', 'e']);
    expect(kept.get('a')).toBe(10);
  });
});
