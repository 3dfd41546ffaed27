import { describe, expect, it } from 'vitest';
import { meetingsInstance, tablesInstance } from './instance';
import { randomMeetingsInstance, randomTablesInstance } from './random';

describe('random instances', () => {
  it('are the same for the same seed, valid, and follow the shares asked', () => {
    const options = { seed: 3, tables: 10, seats: 12, rounds: 1, choosers: 0.2, blocked: 0.05, vips: 0.1 };
    const instance = randomTablesInstance(options);
    expect(randomTablesInstance(options)).toEqual(instance);
    expect(randomTablesInstance({ ...options, seed: 4 })).not.toEqual(instance);
    expect(tablesInstance.parse(instance)).toEqual(instance);
    expect(instance.people).toHaveLength(120);
    expect(instance.questions).toHaveLength(20);
    expect(instance.blocked).toHaveLength(6);
    expect(instance.people.filter((p) => p.vip)).toHaveLength(12);
    expect(instance.tables.filter((t) => t.vip)).toEqual([{ id: 'T10', seats: 12, vip: true }]);
    for (const p of instance.people) {
      for (const answers of Object.values(p.answers)) expect(answers.length).toBeGreaterThanOrEqual(1);
    }
  });

  it('makes meetings instances with distinct requests', () => {
    const instance = randomMeetingsInstance({
      seed: 1,
      people: 12,
      requests: 30,
      slots: 4,
      tables: 3,
      cap: 3,
    });
    expect(meetingsInstance.parse(instance)).toEqual(instance);
    expect(new Set(instance.requests.map((r) => `${r.a} ${r.b}`)).size).toBe(30);
  });
});
