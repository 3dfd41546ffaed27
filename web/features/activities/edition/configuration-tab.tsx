import type { EditionTabProps } from './tabs';

/** V4 configuration tab. */
export function ConfigurationTab(_props: EditionTabProps) {
  return null;
}
