import type { Executor } from '../db/client';

/** E10: the help texts of the demo (one per screen, French and English). Owner: help texts. */
export async function seedHelpTexts(_db: Executor) {}
