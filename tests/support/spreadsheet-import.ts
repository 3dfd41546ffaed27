import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ApiClient } from './test-app';

/** The imports of a project (U3). */
export const importsOf = (projectId: string) => `/api/projects/${projectId}/participant-imports`;

/** The imports of activities of a project (V1, the same engine). */
export const activityImportsOf = (projectId: string) => `/api/projects/${projectId}/activity-imports`;

/**
 * The steps of an import through the HTTP API, as the web app takes them: a participant import, or another kind's
 * under its own `base` (`activityImportsOf`).
 */
export function importSteps(app: () => FastifyInstance, base: (projectId: string) => string = importsOf) {
  async function upload(
    client: ApiClient,
    projectId: string,
    content: string | Uint8Array,
    filename: string,
  ) {
    const form = new FormData();
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    form.append('file', new Blob([new Uint8Array(bytes)]), filename);
    const response = await app().inject({
      method: 'POST',
      url: base(projectId),
      payload: form,
      cookies: { ...client.cookies },
      headers: { 'x-csrf-token': client.csrfToken },
    });
    return { status: response.statusCode, body: response.json() };
  }

  /** Polls the import as the web app does until its work is over (at most `polls` times, 50 ms apart). */
  async function settle(client: ApiClient, projectId: string, id: string, query = '', polls = 300) {
    for (let i = 0; i < polls; i++) {
      const response = await client.get(`${base(projectId)}/${id}${query}`);
      if (!['analysing', 'saving'].includes(response.body.status)) return response;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the import never finished');
  }

  async function dryRun(client: ApiClient, projectId: string, id: string, polls?: number) {
    const started = await client.post(`${base(projectId)}/${id}/dry-run`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return settle(client, projectId, id, '', polls);
  }

  async function saveImport(
    client: ApiClient,
    projectId: string,
    id: string,
    sendInscription = false,
    polls?: number,
  ) {
    const started = await client.post(`${base(projectId)}/${id}/save`, { sendInscription });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return settle(client, projectId, id, '', polls);
  }

  return { upload, settle, dryRun, saveImport };
}
