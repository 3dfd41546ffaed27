/**
 * RS4 edit conflicts (docs/conflicts.md): the version a form loaded and sends back with its save. Optional: a caller
 * that leaves it out (an import, an API script, a bulk action) is not checked, and its save wins over any other.
 */
import { z } from 'zod';

/** What a record's read answers: the version to send back with the next save. */
export const versionOut = { version: z.number().int() };

/** What a save may send: the version it loaded; left out, last write wins. */
export const versionIn = {
  version: z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1).optional(),
};
