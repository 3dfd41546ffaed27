import type { UserAccess } from '../../../contracts/access';
import type { Language } from '../../../contracts/http';

/** Who is calling: loaded from the session cookie before anything else runs. */
export interface AuthContext {
  sessionId: string;
  userId: string;
  /** The company the user works in now: their own, or the one a super-admin switched into. */
  companyId: string;
  homeCompanyId: string;
  isSuperAdmin: boolean;
  locale: Language;
  expiresAt: Date;
  /** However active, the session ends then (SESSION_MAX_SECONDS after sign-in). */
  endOfLife: Date;
  /** A4: the user's role and project scope, read with the session (cached as long as it: ./cache.ts). */
  access: UserAccess;
}
