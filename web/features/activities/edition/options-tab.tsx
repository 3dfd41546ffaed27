import type { EditionTabProps } from './tabs';

/** V4 options tab. */
export function OptionsTab(_props: EditionTabProps) {
  return null;
}
