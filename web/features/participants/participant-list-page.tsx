/** Built in issue 4 (owner: see the helper brief). */
export function ParticipantListPage() {
  return null;
}
