import type { Executor } from '../db/client';

/** J4: three bilingual roles per demo project, the first as default. Owner: roles. */
export async function seedRoles(_db: Executor) {}
