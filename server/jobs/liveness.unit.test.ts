import { describe, expect, it } from 'vitest';
import { INTERRUPTED_AFTER_MINUTES, isInterrupted } from './liveness';

describe('the 45-minute rule (RS3)', () => {
  const now = new Date('2026-11-29T16:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it('takes a state « en cours » as interrupted from 45 minutes without a heartbeat, not before', () => {
    expect(INTERRUPTED_AFTER_MINUTES).toBe(45);
    expect(isInterrupted(ago(44.99), now)).toBe(false);
    expect(isInterrupted(ago(45), now)).toBe(true);
    expect(isInterrupted(ago(600), now)).toBe(true);
    expect(isInterrupted(null, now)).toBe(false);
  });
});
