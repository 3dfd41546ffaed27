import { describe, expect, it } from 'vitest';
import type { Deps } from '../../deps';
import type { AuthContext } from './auth-context';
import { sessionTimes } from './service';

const NOW = new Date('2026-03-02T14:00:00.000Z');
const WARN_SECONDS = 300;

/** sessionTimes only reads the session settings and the clock. */
const deps = {
  config: { session: { idleSeconds: 3600, warnSeconds: WARN_SECONDS, checkSeconds: 60 } },
  now: () => NOW,
} as unknown as Deps;

function endingIn(seconds: number): AuthContext {
  return {
    sessionId: 'session',
    userId: 'user',
    companyId: 'company',
    homeCompanyId: 'company',
    isSuperAdmin: false,
    locale: 'fr',
    expiresAt: new Date(NOW.getTime() + seconds * 1000),
    endOfLife: new Date(NOW.getTime() + 12 * 3600 * 1000),
    access: { isSuperAdmin: false, role: 'administrator', allProjects: true, projects: [] },
  };
}

describe('sessionTimes (P1)', () => {
  it('neither warns nor closes while more than the warning delay remains', () => {
    expect(sessionTimes(deps, endingIn(3600))).toEqual({
      timeWarn: false,
      timeClose: false,
      expiresAt: endingIn(3600).expiresAt,
      checkSeconds: 60,
    });
    expect(sessionTimes(deps, endingIn(WARN_SECONDS + 1))).toMatchObject({
      timeWarn: false,
      timeClose: false,
    });
  });

  it('warns from the moment the warning delay is reached', () => {
    expect(sessionTimes(deps, endingIn(WARN_SECONDS))).toMatchObject({ timeWarn: true, timeClose: false });
    expect(sessionTimes(deps, endingIn(1))).toMatchObject({ timeWarn: true, timeClose: false });
  });

  it('closes once the end is reached or passed', () => {
    expect(sessionTimes(deps, endingIn(0))).toMatchObject({ timeClose: true });
    expect(sessionTimes(deps, endingIn(-60))).toMatchObject({ timeClose: true });
  });

  it('closes without a session, with no end time', () => {
    expect(sessionTimes(deps, null)).toEqual({
      timeWarn: false,
      timeClose: true,
      expiresAt: null,
      checkSeconds: 60,
    });
  });
});
