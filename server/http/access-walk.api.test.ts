import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { decide, RIGHT_DESCRIPTIONS, type Right, requiredRight } from '../../contracts/access';
import type { Endpoint } from '../../contracts/http';
import { en, fr } from '../../locales';
import { type ApiClient, anonymous, createTestApp, signIn } from '../../tests/support/test-app';
import { DEMO_EDITOR, DEMO_ORGANISER, DEMO_PROJECT_ORGANISER, DEMO_READER } from '../seed/demo';

/**
 * A4, generated from the OpenAPI document the app serves (a route added later is walked too): every route says its
 * required right; every route that changes something refuses a read-only user (403, translated); every
 * administrators' route refuses an organiser; every route of a project refuses a user without access to that
 * project (404, as a project of another company); a read-only user reads what an administrator reads.
 */

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI objects are walked generically
type Schema = Record<string, any>;
type Method = Endpoint['method'];
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

const t = await createTestApp();
afterAll(async () => {
  await t.close();
});

const spec: Schema = (await (await anonymous(t.app)).get('/api/openapi.json')).body;
const administrator = await signIn(t.app, DEMO_ORGANISER);
const organiser = await signIn(t.app, DEMO_EDITOR);
const reader = await signIn(t.app, DEMO_READER);
const restricted = await signIn(t.app, DEMO_PROJECT_ORGANISER);
const ownProjectId: string = restricted.user.access.projects[0].projectId;
const {
  rows: [{ id: otherProjectId }],
} = await t.database.sql.query<{ id: string }>(
  'select id::text as id from projects where company_id = $1 and id <> $2 limit 1',
  [administrator.user.company.id, ownProjectId],
);

interface Operation {
  method: Method;
  path: string;
  right: Right;
  description: string;
  pathParams: string[];
  requiredQuery: string;
}

const operations: Operation[] = Object.entries(spec.paths as Record<string, Schema>).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m.toLowerCase()]).map((method) => {
    const op = item[method.toLowerCase()];
    const parameters: Schema[] = [...(item.parameters ?? []), ...(op.parameters ?? [])];
    const requiredQuery = parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => `${p.name}=${encodeURIComponent(String(p.schema?.enum?.[0] ?? p.schema?.default ?? '1'))}`)
      .join('&');
    return {
      method,
      path,
      right: op['x-required-right'],
      description: op.description ?? '',
      pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
      requiredQuery,
    };
  }),
);

/** The path with `projectId` set, each other parameter a random id (or an enum's first value). */
function url(op: Operation, projectId: string) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'projectId') return projectId;
    const schema = spec.paths[op.path][op.method.toLowerCase()].parameters?.find(
      (p: Schema) => p.name === name,
    )?.schema;
    return encodeURIComponent(schema?.enum?.[0] ?? randomUUID());
  });
  return op.requiredQuery ? `${path}?${op.requiredQuery}` : path;
}

const call = (client: ApiClient, op: Operation, projectId = ownProjectId) =>
  client.request({ method: op.method, url: url(op, projectId), body: op.method === 'GET' ? undefined : {} });

it('documents the required right of every route, as contracts/access.ts decides it', () => {
  expect(operations.length).toBeGreaterThan(300);
  for (const op of operations) {
    expect(Object.keys(RIGHT_DESCRIPTIONS), `${op.method} ${op.path}`).toContain(op.right);
    expect(op.description).toContain(RIGHT_DESCRIPTIONS[op.right]);
    // A GET never needs `write`: reading is the read-only user's right.
    if (op.method === 'GET') expect(op.right, `${op.method} ${op.path}`).not.toBe('write');
  }
  expect(requiredRight({ method: 'GET', access: 'user' })).toBe('read');
  expect(requiredRight({ method: 'DELETE', access: 'user' })).toBe('write');
});

it('refuses every route that changes something to a read-only user: 403, translated', async () => {
  const mutating = operations.filter((op) => op.right === 'write' || op.right === 'admin');
  expect(mutating.length).toBeGreaterThan(150);
  for (const op of mutating) {
    const response = await call(reader, op);
    const code = op.right === 'write' ? 'access.readOnly' : 'access.adminOnly';
    expect(response.status, `${op.method} ${op.path}: ${JSON.stringify(response.body)}`).toBe(403);
    expect(response.body, `${op.method} ${op.path}`).toMatchObject({
      code,
      title: code === 'access.readOnly' ? fr.errors.access.readOnly : fr.errors.access.adminOnly,
    });
  }
});

it('refuses the administrators’ routes to an organiser (403, translated)', async () => {
  const adminOnly = operations.filter((op) => op.right === 'admin');
  expect(adminOnly.length).toBeGreaterThanOrEqual(6);
  for (const op of adminOnly) {
    const response = await call(organiser, op);
    expect(response.status, `${op.method} ${op.path}`).toBe(403);
    expect(response.body.code).toBe('access.adminOnly');
  }
  const english = await signIn(t.app, DEMO_EDITOR, undefined, { 'accept-language': 'en' });
  await english.patch('/api/me', { locale: 'en' });
  const response = await english.get('/api/access/users');
  expect(response.body.title).toBe(en.errors.access.adminOnly);
  await english.patch('/api/me', { locale: 'fr' });
});

it('refuses every route of a project to a user without access to that project (404, as another company’s)', async () => {
  const ofProject = operations.filter(
    (op) => op.pathParams.includes('projectId') && op.right !== 'superAdmin' && op.right !== 'admin',
  );
  expect(ofProject.length).toBeGreaterThan(150);
  for (const op of ofProject) {
    const response = await call(restricted, op, otherProjectId);
    expect(response.status, `${op.method} ${op.path}: ${JSON.stringify(response.body)}`).toBe(404);
    expect(response.body.code).toBe('notFound');
  }
  // Their own project is theirs: its routes are not refused by the policy.
  expect(decide(restricted.user.access, 'write', ownProjectId)).toBe('allowed');
  expect((await restricted.get(`/api/projects/${ownProjectId}`)).status).toBe(200);
  const listed = await restricted.get('/api/projects?status=all');
  expect(listed.body.items.map((p: { id: string }) => p.id)).toEqual([ownProjectId]);
  expect((await restricted.put('/api/me/project', { projectId: otherProjectId })).status).toBe(404);
});

it('lets a read-only user read what an administrator reads', async () => {
  // Routes whose only parameter is the project (others' random ids answer 404 to anyone).
  const reads = operations.filter(
    (op) => op.method === 'GET' && op.right === 'read' && op.pathParams.every((p) => p === 'projectId'),
  );
  expect(reads.length).toBeGreaterThan(40);
  for (const op of reads) {
    const [mine, theirs] = [await call(reader, op), await call(administrator, op)];
    expect(mine.status, `${op.method} ${op.path}: ${JSON.stringify(mine.body)}`).toBe(theirs.status);
  }
});
