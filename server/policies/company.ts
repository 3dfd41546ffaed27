import { decide } from '../../contracts/access';
import type { AuthContext } from '../modules/session/auth-context';

/**
 * A4 policy of the company: its settings, users and their access belong to its administrators; its data outside any
 * project (images, texts, the outbox) is read by every user and changed by administrators and organisers.
 */
export const mayAdministerCompany = (auth: AuthContext) => decide(auth.access, 'admin') === 'allowed';

export const mayWriteCompany = (auth: AuthContext) => decide(auth.access, 'write') === 'allowed';
