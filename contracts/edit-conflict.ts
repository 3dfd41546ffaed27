/**
 * RS4 (docs/conflicts.md): the members a 409 `conflict` adds when a save's record was saved by someone else since it
 * was loaded (the version itself: `versionIn` and `versionOut` in contracts/projects.ts). Apart, so that the first
 * page, which reads the projects contract, does not carry it.
 */
import { z } from 'zod';

/** The 409 of a save whose record was saved by someone else since it was loaded (`code: 'conflict'`). */
export const editConflict = z.object({
  savedBy: z.object({ name: z.string().nullable() }),
  savedAt: z.string(),
});
export type EditConflict = z.infer<typeof editConflict>;
