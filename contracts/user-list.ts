/** A1: what the router reads for the user list's URL, kept light for the first page (contracts/users.ts builds on it). */
import { z } from 'zod';
import { COMPANY_ROLES } from './access-policy';

/** The company roles of A4's policy (contracts/access-policy.ts): one list. */
export const USER_ROLES = COMPANY_ROLES;
export const userRole = z.enum(USER_ROLES, { error: 'validation.invalid' });
export type UserRole = z.infer<typeof userRole>;
export const userSortable = ['name', 'email', 'role', 'lastSignInAt'] as const;
