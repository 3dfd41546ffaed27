import type { EditionTabProps } from './tabs';

/** V4 link tab. */
export function LinkTab(_props: EditionTabProps) {
  return null;
}
