import { describe, expect, it } from 'vitest';
import { meetingsInstance } from '../instance';
import { generateMeetingsInstance } from './generate';

const spec = { people: 300, requests: 1500, slots: 16, tables: 80, cap: 12, seed: 3 };

describe('generateMeetingsInstance', () => {
  it('builds the same valid event from the same seed, another from another seed', () => {
    const instance = generateMeetingsInstance(spec);
    expect(meetingsInstance.parse(instance)).toEqual(instance);
    expect(generateMeetingsInstance(spec)).toEqual(instance);
    expect(generateMeetingsInstance({ ...spec, seed: 4 })).not.toEqual(instance);
  });

  it('asks each pair once, with integer weights 1 to 5, people free in most slots', () => {
    const instance = generateMeetingsInstance(spec);
    expect(instance.people).toHaveLength(300);
    expect(instance.requests).toHaveLength(1500);
    const pairs = new Set(instance.requests.map(({ a, b }) => [a, b].sort().join(' ')));
    expect(pairs.size).toBe(1500);
    expect(instance.requests.every(({ a, b }) => a !== b)).toBe(true);
    expect(new Set(instance.requests.map((r) => r.weight))).toEqual(new Set([1, 2, 3, 4, 5]));
    const freeShare =
      instance.people.reduce((sum, p) => sum + p.available.length, 0) / (instance.people.length * spec.slots);
    expect(freeShare).toBeGreaterThan(0.75);
    expect(freeShare).toBeLessThan(1);
    expect(instance.people.every((p) => p.max === 12 && p.available.length >= spec.slots / 2)).toBe(true);
  });
});
