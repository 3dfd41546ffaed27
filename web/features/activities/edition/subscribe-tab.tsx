import type { EditionTabProps } from './tabs';

/** V4 subscribe tab. */
export function SubscribeTab(_props: EditionTabProps) {
  return null;
}
