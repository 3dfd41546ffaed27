import { describe, expect, it } from 'vitest';
import { Budget } from './budget';

describe('the solver budget', () => {
  it('with a work limit, stops after that many checks whatever the time, and splits the phases by the work', () => {
    const budget = new Budget({ seed: 1, timeLimitSeconds: 60, workLimit: 10 });
    const first = budget.share(0.5);
    const phase: boolean[] = [];
    while (!first.done()) phase.push(false);
    // Half of the 10 checks (the child's own check counts as one of the parent's).
    expect(phase).toHaveLength(4);
    let rest = 0;
    while (!budget.done()) rest++;
    expect(rest).toBe(4);
    expect(budget.done()).toBe(true);
  });

  it('without one, runs until the time limit', () => {
    const budget = new Budget({ seed: 1, timeLimitSeconds: 60 });
    for (let i = 0; i < 10_000; i++) expect(budget.done()).toBe(false);
  });
});
