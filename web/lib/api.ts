import { getSession } from '../../contracts/auth';
import type {
  BodyOf,
  Endpoint,
  FieldError,
  ParamsOf,
  Problem,
  QueryOf,
  ResponseOf,
} from '../../contracts/http';
import { i18n } from './i18n';

/** A failed call, with the problem the server answered (or `network` when it did not answer). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly requestId: string | null;
  readonly fields: FieldError[];
  /** The whole problem as answered, with the members some errors add (an edit conflict's savedBy and savedAt). */
  readonly problem: Record<string, unknown>;

  constructor(problem: Partial<Problem> & { status: number; code: string }) {
    super(problem.title ?? problem.code);
    this.status = problem.status;
    this.code = problem.code;
    this.title = problem.title ?? '';
    this.requestId = problem.requestId ?? null;
    this.fields = problem.fields ?? [];
    this.problem = problem;
  }

  get isValidation() {
    return this.status === 400 && this.fields.length > 0;
  }
}

let csrfToken = '';
export function setCsrfToken(token: string) {
  csrfToken = token;
}

type Listener = (error: ApiError) => void;
let onUnauthenticated: Listener = () => {};
/** P1: any call that finds the session gone returns the user to sign-in. */
export function setUnauthenticatedHandler(listener: Listener) {
  onUnauthenticated = listener;
}

export type CallInput<E extends Endpoint> = {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
};

export function buildUrl(path: string, params?: object, query?: object): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown>)?.[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/** A JSON body, or a multipart form for uploads (the browser then sets the content type and its boundary). */
type Payload = { params?: unknown; query?: unknown; body?: unknown; signal?: AbortSignal };

async function send(endpoint: Endpoint, input: Payload): Promise<Response> {
  // The chosen language, not the browser's: the server translates the errors of callers without a session by it.
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': i18n.language };
  if (endpoint.method !== 'GET') headers['x-csrf-token'] = csrfToken;
  const isForm = input.body instanceof FormData;
  if (input.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  try {
    return await fetch(buildUrl(endpoint.path, input.params as object, input.query as object), {
      method: endpoint.method,
      headers,
      body:
        input.body === undefined ? undefined : isForm ? (input.body as FormData) : JSON.stringify(input.body),
      credentials: 'same-origin',
      signal: input.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError({ status: 0, code: 'network' });
  }
}

async function problemOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<Problem> | null;
  return new ApiError({ ...body, status: response.status, code: body?.code ?? 'unexpected' });
}

/** Calls an endpoint declared in contracts/, with its types: the same declaration the server registered. */
export function call<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}): Promise<ResponseOf<E>> {
  return request(endpoint, input);
}

/** Uploads a multipart form to an endpoint declared with a multipart body (images, files). */
export function upload<E extends Endpoint>(
  endpoint: E,
  form: FormData,
  input: Omit<CallInput<E>, 'body'> = {},
): Promise<ResponseOf<E>> {
  if (!endpoint.multipart) throw new Error(`${endpoint.path} is not declared multipart in its contract`);
  return request(endpoint, { ...input, body: form });
}

async function request<E extends Endpoint>(endpoint: E, input: Payload): Promise<ResponseOf<E>> {
  let response = await send(endpoint, input);
  if (response.status === 403 && endpoint.method !== 'GET') {
    const error = await problemOf(response.clone());
    if (error.code === 'csrf') {
      // The token went stale (new tab, server restart): fetch a fresh one and try once more.
      setCsrfToken((await call(getSession)).csrfToken);
      response = await send(endpoint, input);
    }
  }
  if (!response.ok) {
    const error = await problemOf(response);
    if (error.status === 401 && endpoint.access !== 'public') onUnauthenticated(error);
    throw error;
  }
  return (await response.json()) as ResponseOf<E>;
}
