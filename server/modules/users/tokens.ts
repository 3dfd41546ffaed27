import { createHash, randomBytes, randomInt } from 'node:crypto';
import { PIN_LENGTH } from '../../../contracts/users';

/** The SHA-256 of a link's token: all the database keeps of it (as sessions do). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A link's secret: 32 random bytes, base64url (43 characters), and its hash. */
export function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** A kiosk PIN: PIN_LENGTH random digits (leading zeros kept). */
export function newPin(): string {
  return String(randomInt(0, 10 ** PIN_LENGTH)).padStart(PIN_LENGTH, '0');
}
