import type { Executor } from '../db/client';

/** U4: group categories and groups of the first demo project. Owner: groups. */
export async function seedGroups(_db: Executor) {}
