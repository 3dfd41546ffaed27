import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (OWASP's recommended minimum: 19 MiB, 2 iterations). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A hash of nothing, verified when the e-mail is unknown so both answers take the same time. */
const decoy = hash('decoy password that nobody has');

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

export const PASSWORD_MIN_LENGTH = 10;
