import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '../../../contracts/users';
import { AppError } from '../../http/errors';

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

export { PASSWORD_MIN_LENGTH };

let common: Set<string> | undefined;

/** One of the 49,233 common passwords of @zxcvbn-ts/language-common (compared lower-cased); the set is built once. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** A1: a chosen password's rules beyond its length (the contract checks that): not a common one. */
export function assertAcceptablePassword(password: string) {
  if (isCommonPassword(password)) throw AppError.field('password', 'validation.passwordCommon');
}
