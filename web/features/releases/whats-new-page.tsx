/** Built in issue 3 (owner: see the helper brief). */
export function WhatsNewPage() {
  return null;
}
