import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { type ApiClient, buildProject } from '../../../tests/support/test-app';

/** What the API tests of the tables share: addresses, a project with a category and participants, the list. */

export type Table = {
  id: string;
  number: number;
  name: string | null;
  vip: boolean;
  seats: number;
  assignedCount: number;
};

export const api = (projectId: string) => `/api/projects/${projectId}`;
export const tablesUrl = (projectId: string, categoryId: string) =>
  `${api(projectId)}/activity-categories/${categoryId}/tables`;
export const countsUrl = (projectId: string, categoryId: string) =>
  `${api(projectId)}/activity-categories/${categoryId}/table-counts`;
export const tableUrl = (projectId: string, tableId: string) =>
  `${api(projectId)}/activity-tables/${tableId}`;
export const peopleUrl = (projectId: string, categoryId: string, query = '') =>
  `${api(projectId)}/activity-categories/${categoryId}/table-participants${query}`;

export function ok<T = Record<string, never>>(response: { status: number; body: unknown }): T {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as T;
}

export async function buildCategory(
  client: ApiClient,
  projectId: string,
  fr = 'Rencontres',
  en = 'Meetings',
) {
  return ok<{ id: string }>(await client.post(`${api(projectId)}/activity-categories`, { name: { fr, en } }));
}

/** A project with a category and a role, and participants added through the API. */
export async function setUp(client: ApiClient, names: string[] = []) {
  const project = await buildProject(client);
  const category = await buildCategory(client, project.id);
  const role = ok<{ id: string }>(
    await client.post(`${api(project.id)}/roles`, { name: { fr: 'Exposant', en: 'Exhibitor' } }),
  );
  const participants: string[] = [];
  for (const name of names) {
    const [firstName, lastName] = name.split(' ');
    const created = ok<{ id: string }>(
      await client.post(`${api(project.id)}/participants`, {
        roleId: role.id,
        firstName,
        lastName,
        email: `p-${randomUUID().slice(0, 8)}@example.test`,
      }),
    );
    participants.push(created.id);
  }
  return { projectId: project.id as string, categoryId: category.id, participants };
}

export const list = async (client: ApiClient, projectId: string, categoryId: string) =>
  ok<{ items: Table[]; counts: { standard: number; vip: number }; category: { name: { fr: string } } }>(
    await client.get(tablesUrl(projectId, categoryId)),
  );
export const outline = (items: Table[]) => items.map((i) => `${i.number}${i.vip ? 'V' : ''}`);
