import type { ApiClient } from '../../../tests/support/test-app';
import { api, ok } from '../pairings/fixtures';

/** What the meetings' API tests share: a seat layout, the form's body, and reads of the meetings made. */

/** 3 tables of 2, 4 people, 3 rounds: tables 1–2, 1–2, then 2–3 hold people (6 meetings, 12 seats). */
export const LAYOUT = [
  [0, 0, 1, 1],
  [0, 1, 0, 1],
  [1, 1, 2, 2],
];
export const body = (overrides: Record<string, unknown> = {}) => ({
  prefix: { fr: 'Ronde', en: 'Round' },
  startsAt: '2027-06-01T09:00',
  durationMinutes: 20,
  intervalMinutes: 5,
  type: 'meeting',
  inPerson: true,
  virtual: false,
  ...overrides,
});

export type Item = {
  id: string;
  title: { fr: string; en: string };
  type: string;
  startsAtLocal: string;
  endsAtLocal: string;
  location: string;
  hybridType: string;
  category: { id: string } | null;
};

export async function meetingsOf(client: ApiClient, projectId: string, categoryId: string) {
  const list = ok<{ items: Item[] }>(
    await client.get(`${api(projectId)}/activities?categoryId=${categoryId}&sort=startsAt&pageSize=100`),
  );
  return list.items.sort(
    (a, b) => a.startsAtLocal.localeCompare(b.startsAtLocal) || a.title.fr.localeCompare(b.title.fr),
  );
}

export async function memberNames(client: ApiClient, projectId: string, activityId: string) {
  const list = ok<{ items: { lastName: string }[] }>(
    await client.get(`${api(projectId)}/activities/${activityId}/members?pageSize=100&sort=name`),
  );
  return list.items.map((m) => m.lastName).sort();
}

export const fields = (response: { body: { fields?: { field: string }[] } }) =>
  (response.body.fields ?? []).map((f) => f.field);
