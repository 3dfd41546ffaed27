import type { Executor } from '../db/client';

/** Two sample messages kept in the outbox of the demo company. Owner: mail. */
export async function seedMail(_db: Executor) {}
