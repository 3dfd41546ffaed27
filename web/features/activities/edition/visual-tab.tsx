import type { EditionTabProps } from './tabs';

/** V4 visual tab. */
export function VisualTab(_props: EditionTabProps) {
  return null;
}
