/** Built in issue 4 (owner: see the helper brief). */
export function ProfileFieldPage() {
  return null;
}
