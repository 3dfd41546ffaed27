import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Access, Endpoint } from '../../contracts/http';
import {
  type ApiClient,
  type ApiResponse,
  anonymous,
  createTestApp,
  signIn,
} from '../../tests/support/test-app';
import { DEMO_ORGANISER, DEMO_SUPER_ADMIN, SECOND_COMPANY_USER } from '../seed/demo';

/**
 * The generic test: every operation of the OpenAPI document the app serves is called without a session, by a
 * user of another company with the demo company's ids, with malformed input, and with unreadable JSON. A route
 * added later is walked too, without editing this file.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema and OpenAPI objects are walked generically
type Schema = Record<string, any>;
type Method = Endpoint['method'];
interface Operation {
  method: Method;
  /** OpenAPI form: /api/projects/{projectId} */
  path: string;
  spec: Schema;
  pathParams: { name: string; schema: Schema }[];
  queryParams: { name: string; schema: Schema; required: boolean }[];
  bodySchema: Schema | undefined;
  /** The fields of a multipart/form-data body (an upload). */
  multipartSchema: Schema | undefined;
  access: Access | undefined;
}

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every endpoint declared in contracts/, for the access the OpenAPI document does not tell (user or super-admin). */
const contractModules = import.meta.glob<Record<string, unknown>>(
  ['../../contracts/*.ts', '!../../contracts/*.test.ts'],
  {
    eager: true,
  },
);
const contracts: Endpoint[] = Object.values(contractModules)
  .flatMap((module) => Object.values(module))
  .filter(
    (value): value is Endpoint =>
      typeof value === 'object' &&
      value !== null &&
      'method' in value &&
      'path' in value &&
      'access' in value,
  );
const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const accessOf = new Map(contracts.map((c) => [`${c.method} ${toOpenApiPath(c.path)}`, c.access]));

// One app for the whole file, built while the file is collected so that each route gets tests of its own.
const t = await createTestApp();
afterAll(async () => {
  await t.close();
});

const visitor = await anonymous(t.app);
const spec: Schema = (await visitor.get('/api/openapi.json')).body;
const superAdmin = await signIn(t.app, DEMO_SUPER_ADMIN);
const organiser = await signIn(t.app, DEMO_ORGANISER);
const outsider = await signIn(t.app, SECOND_COMPANY_USER);
const demoCompanyId: string = organiser.user.company.id;

const operations: Operation[] = Object.entries(spec.paths as Record<string, Schema>).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m.toLowerCase()]).map((method) => {
    const op = item[method.toLowerCase()];
    const parameters: Schema[] = [...(item.parameters ?? []), ...(op.parameters ?? [])];
    return {
      method,
      path,
      spec: op,
      pathParams: parameters
        .filter((p) => p.in === 'path')
        .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
      queryParams: parameters
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: !!p.required })),
      bodySchema: op.requestBody?.content?.['application/json']?.schema,
      multipartSchema: op.requestBody?.content?.['multipart/form-data']?.schema,
      access: accessOf.get(`${method} ${path}`),
    };
  }),
);

// ---------- helpers ----------

/** Every answer of the walk goes through here: whatever the input, never a 5xx. */
async function call(client: ApiClient, request: Parameters<ApiClient['request']>[0]): Promise<ApiResponse> {
  const response = await client.request(request);
  expect(
    response.status,
    `${request.method} ${request.url} answered ${JSON.stringify(response.body)}`,
  ).toBeLessThan(500);
  return response;
}

function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? randomUUID()));
}

/** A path parameter that names a kind rather than an object (an enum: a chart's widget) takes its first value. */
const kindOf = (p: Operation['pathParams'][number]): string | undefined => p.schema.enum?.[0];
const randomIds = (op: Operation) =>
  Object.fromEntries(op.pathParams.map((p) => [p.name, kindOf(p) ?? randomUUID()]));

/** The client allowed to call the route: super-admin routes need the super-admin; others the demo organiser. */
function allowedClient(op: Operation): ApiClient {
  if (op.access === 'public' || !op.spec.security) return visitor;
  return op.access === 'superAdmin' ? superAdmin : organiser;
}

/** Values for the string patterns of our contracts that no format names (a local date-time of the project's zone). */
const SAMPLES_BY_PATTERN: [string, string][] = [['^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$', '2027-06-01T12:00']];

function allowsNull(schema: Schema): boolean {
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  return (schema.anyOf ?? schema.oneOf ?? []).some((s: Schema) => allowsNull(s));
}

/** A value that satisfies a JSON Schema (as far as a schema can tell), preferring the values of `base`. */
function sample(schema: Schema | undefined, base?: unknown): unknown {
  if (!schema) return undefined;
  if ('const' in schema) return schema.const;
  if (schema.enum) return base !== undefined && schema.enum.includes(base) ? base : schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return sample(alternatives[0], base);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s: Schema) => sample(s, base)));
  const type = Array.isArray(schema.type) ? schema.type.find((x: string) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const from = (typeof base === 'object' && base !== null ? base : {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        // A null the schema refuses (an activity without date read above a route that needs one) is not a base.
        if (from[key] !== undefined && (from[key] !== null || allowsNull(property))) {
          out[key] = typeof from[key] === 'string' ? sample(property, from[key]) : from[key];
        } else if (schema.required?.includes(key)) out[key] = sample(property);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => sample(schema.items));
    case 'string': {
      if (typeof base === 'string' && (!schema.pattern || new RegExp(schema.pattern).test(base))) return base;
      const byPattern = SAMPLES_BY_PATTERN.find(([pattern]) => pattern === schema.pattern);
      if (byPattern) return byPattern[1];
      const byFormat: Record<string, string> = {
        uuid: randomUUID(),
        date: '2027-06-01',
        'date-time': '2027-06-01T12:00:00.000Z',
        email: 'walk@example.test',
        uri: 'https://example.test/',
      };
      if (schema.format && byFormat[schema.format]) return byFormat[schema.format];
      const length = Math.min(Math.max(schema.minLength ?? 0, 6), schema.maxLength ?? 6);
      return 'Walker'.padEnd(length, 'x').slice(0, Math.max(length, 1));
    }
    case 'integer':
    case 'number':
      return typeof base === 'number'
        ? base
        : Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case 'boolean':
      return typeof base === 'boolean' ? base : true;
    default:
      return base ?? null;
  }
}

/** projectId → projects, companyId → companies, sessionTokenId → session_tokens */
function tableFor(param: string): string | null {
  const match = /^([a-z][A-Za-z0-9]*)Id$/.exec(param);
  if (!match) return null;
  const snake = match[1].replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  if (/[^aeiou]y$/.test(snake)) return `${snake.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(snake)) return `${snake}es`;
  return `${snake}s`;
}

/** The id of a real object of the demo company for a path parameter, or a random one when it cannot be inferred. */
async function demoIdFor(param: string): Promise<string> {
  const table = tableFor(param);
  if (!table) return randomUUID();
  if (table === 'companies') return demoCompanyId;
  const { rows: columns } = await t.database.sql.query<{ column_name: string }>(
    `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1`,
    [table],
  );
  const names = new Set(columns.map((c) => c.column_name));
  let query: string | null = null;
  if (names.has('company_id')) query = `select id::text as id from "${table}" where company_id = $1 limit 1`;
  else if (names.has('project_id')) {
    query = `select t.id::text as id from "${table}" t join projects p on p.id = t.project_id where p.company_id = $1 limit 1`;
  }
  if (!query) return randomUUID();
  const { rows } = await t.database.sql.query<{ id: string }>(query, [demoCompanyId]);
  return rows[0]?.id ?? randomUUID();
}

/** What a user of the demo company reads at the nearest GET above the route: a realistic base for its body. */
async function demoObjectAbove(op: Operation, ids: Record<string, string>): Promise<unknown> {
  const segments = op.path.split('/');
  for (let end = segments.length; end > 2; end--) {
    const candidate = segments.slice(0, end).join('/');
    if (!spec.paths[candidate]?.get) continue;
    const response = await call(superAdmin, { method: 'GET', url: fillPath(candidate, ids) });
    if (response.status === 200) return response.body;
  }
  return undefined;
}

/**
 * A multipart request whose fields satisfy the schema (a file part holds a few bytes), sent by `client`: an upload
 * under ids of another company is refused for those ids, not for a missing file.
 */
async function callMultipart(client: ApiClient, op: Operation, url: string): Promise<ApiResponse> {
  const form = new FormData();
  const properties = Object.entries((op.multipartSchema?.properties ?? {}) as Record<string, Schema>);
  // Text fields first, files last (the server reads the text fields before the file).
  const isFile = (property: Schema) => property.format === 'binary';
  for (const [name, property] of properties.filter(([, p]) => !isFile(p))) {
    const value = sample(property);
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const [name] of properties.filter(([, p]) => isFile(p))) {
    form.append(name, new Blob([new TextEncoder().encode('%PDF-1.4 walk')]), 'walk.pdf');
  }
  const response = await t.app.inject({
    method: op.method,
    url,
    payload: form,
    cookies: { ...client.cookies },
    headers: { 'x-csrf-token': client.csrfToken },
  });
  expect(response.statusCode, `${op.method} ${url} answered ${response.body}`).toBeLessThan(500);
  return { status: response.statusCode, body: response.json(), headers: response.headers, setCookies: [] };
}

function expectFieldErrors(response: ApiResponse, what: string) {
  expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBe(400);
  expect(response.body).toMatchObject({ status: 400, code: 'validation', title: expect.any(String) });
  expect(response.body.fields?.length, what).toBeGreaterThan(0);
  for (const field of response.body.fields) {
    expect(field).toEqual({
      field: expect.any(String),
      code: expect.stringMatching(/^validation\./),
      message: expect.stringMatching(/\S/),
    });
  }
  return response.body.fields.map((f: { field: string }) => f.field) as string[];
}

// ---------- the walk ----------

it('finds the routes in the OpenAPI document, each declared once in contracts/', () => {
  expect(operations.length).toBeGreaterThanOrEqual(15);
  const documented = new Set(operations.map((op) => `${op.method} ${op.path}`));
  const declared = contracts.map((c) => `${c.method} ${toOpenApiPath(c.path)}`);
  expect(
    [...documented].filter((key) => !accessOf.has(key)),
    'documented but not declared',
  ).toEqual([]);
  expect(
    declared.filter((key) => !documented.has(key)),
    'declared but not documented',
  ).toEqual([]);
  expect(new Set(declared).size, 'declared twice').toBe(declared.length);
  for (const op of operations) {
    expect(!!op.spec.security, `${op.method} ${op.path}: security matches access ${op.access}`).toBe(
      op.access !== 'public',
    );
  }
});

describe.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s', (_, op) => {
  const label = `${op.method} ${op.path}`;
  const hasBody = op.method !== 'GET';

  if (op.spec.security) {
    it('answers 401 without a session', async () => {
      const url = fillPath(op.path, randomIds(op));
      const body = hasBody ? (sample(op.bodySchema) ?? {}) : undefined;
      const response = await call(visitor, { method: op.method, url, body });
      expect(response.status, label).toBe(401);
      expect(response.body).toMatchObject({
        status: 401,
        code: 'auth.required',
        requestId: expect.any(String),
      });
      expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
    });
  }

  if (op.method === 'GET') {
    it('answers its caller: 200, or 404 for ids that do not exist', async () => {
      const required = op.queryParams.filter((p) => p.required);
      const query = required
        .map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema)))}`)
        .join('&');
      const url = `${fillPath(op.path, randomIds(op))}${query ? `?${query}` : ''}`;
      const response = await call(allowedClient(op), { method: 'GET', url });
      expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(
        op.pathParams.length ? 404 : 200,
      );
    });
  }

  if (op.pathParams.length > 0 && op.access !== 'public') {
    it('refuses the demo company’s objects to a user of another company', async () => {
      const ids: Record<string, string> = {};
      for (const p of op.pathParams) ids[p.name] = kindOf(p) ?? (await demoIdFor(p.name));
      const body =
        hasBody && op.bodySchema ? sample(op.bodySchema, await demoObjectAbove(op, ids)) : undefined;
      const response = op.multipartSchema
        ? await callMultipart(outsider, op, fillPath(op.path, ids))
        : await call(outsider, { method: op.method, url: fillPath(op.path, ids), body });
      if (op.access === 'superAdmin') {
        expect(response.status, label).toBe(403);
        expect(response.body.code).toBe('forbidden');
      } else {
        expect(
          response.status,
          `${label} with ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`,
        ).toBe(404);
        expect(response.body.code).toBe('notFound');
      }
    });
  }

  if (op.pathParams.some((p) => p.schema.format === 'uuid')) {
    it('refuses a path parameter that is not an id (400 naming it)', async () => {
      for (const param of op.pathParams.filter((p) => p.schema.format === 'uuid')) {
        const url = fillPath(op.path, { ...randomIds(op), [param.name]: 'not-an-id' });
        const body = hasBody ? sample(op.bodySchema) : undefined;
        const response = await call(allowedClient(op), { method: op.method, url, body });
        expect(expectFieldErrors(response, `${label} ${param.name}`)).toContain(param.name);
      }
    });
  }

  if (op.bodySchema) {
    it('refuses a body of the wrong shape with field errors', async () => {
      const url = fillPath(op.path, randomIds(op));
      const response = await call(allowedClient(op), { method: op.method, url, body: { unexpected: ['x'] } });
      expectFieldErrors(response, label);
    });
  }

  if (hasBody) {
    it('refuses unreadable JSON with 400', async () => {
      const url = fillPath(op.path, randomIds(op));
      const response = await call(allowedClient(op), { method: op.method, url, rawBody: '{"unexpected": [' });
      expect(response.status, label).toBe(400);
      expect(response.body).toMatchObject({ status: 400, code: 'badRequest', title: expect.any(String) });
    });
  }

  const textQueryParams = op.queryParams.filter(
    (p) => p.schema.type === 'string' && !p.schema.enum && !p.schema.format,
  );
  if (textQueryParams.length > 0) {
    it('refuses a NUL character in a text query parameter (400, no 5xx)', async () => {
      for (const param of textQueryParams) {
        const url = `${fillPath(op.path, randomIds(op))}?${param.name}=${encodeURIComponent('Walk\u0000er')}`;
        const response = await call(allowedClient(op), { method: 'GET', url });
        expect(expectFieldErrors(response, `${label} ${param.name}`)).toContain(param.name);
      }
    });
  }

  const textBodyFields = Object.entries((op.bodySchema?.properties ?? {}) as Record<string, Schema>)
    .filter(([, s]) => typeof sample(s) === 'string')
    .map(([name]) => name);
  if (textBodyFields.length > 0) {
    it('refuses a NUL character in a text field of the body (400, no 5xx)', async () => {
      for (const field of textBodyFields) {
        const url = fillPath(op.path, randomIds(op));
        const body = { ...(sample(op.bodySchema) as object), [field]: 'Walk\u0000er' };
        const response = await call(allowedClient(op), { method: op.method, url, body });
        expect(expectFieldErrors(response, `${label} ${field}`)).toContain(field);
      }
    });
  }
});
