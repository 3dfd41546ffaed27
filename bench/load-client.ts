/**
 * The load bench's HTTP side (issue 22, RS6): a signed-in session over real sockets (cookies and CSRF token as the
 * web app holds them), and the recorder every answer goes to, reads and writes apart.
 */
import { percentile } from './harness';

export type Kind = 'read' | 'write';

/** A signed-in session: the cookies to send and the CSRF token of the calls that change something. */
export interface Session {
  email: string;
  cookie: string;
  csrf: string;
}

function mergeCookies(into: Map<string, string>, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    into.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
}

const cookieHeader = (cookies: Map<string, string>) =>
  [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** Signs in through the API like the web app does (GET the CSRF token, POST the credentials, GET the state again). */
export async function signInOver(baseUrl: string, email: string, password: string): Promise<Session> {
  const cookies = new Map<string, string>();
  const state = await fetch(`${baseUrl}/api/session`);
  if (state.status !== 200) throw new Error(`GET /api/session answered ${state.status}`);
  mergeCookies(cookies, state);
  const { csrfToken } = (await state.json()) as { csrfToken: string };
  const login = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: cookieHeader(cookies) },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200)
    throw new Error(`sign-in of ${email} answered ${login.status}: ${await login.text()}`);
  mergeCookies(cookies, login);
  const after = await fetch(`${baseUrl}/api/session`, { headers: { cookie: cookieHeader(cookies) } });
  mergeCookies(cookies, after);
  const { csrfToken: csrf } = (await after.json()) as { csrfToken: string };
  return { email, cookie: cookieHeader(cookies), csrf };
}

export const headersOf = (session: Session, json: boolean): Record<string, string> => ({
  cookie: session.cookie,
  'x-csrf-token': session.csrf,
  accept: 'application/json',
  ...(json ? { 'content-type': 'application/json' } : {}),
});

export interface Sample {
  name: string;
  kind: Kind;
  ms: number;
  status: number;
  /** 0 or 1: which instance answered. */
  instance: number;
  /** When the answer came (performance.now()), set by the recorder. */
  at?: number;
}

export interface ClassFigures {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Transport errors and time-outs (no answer). */
  errors: number;
  non2xx: number;
}

/** Every answer of the run, and the failures without one. */
export class Recorder {
  samples: Sample[] = [];
  /** The warm-up's answers (the servers' first calls compile their code paths): apart, not in the figures. */
  warmup: Sample[] = [];
  measuring = false;
  errors = new Map<string, number>();
  /** Requests cut by the end of a phase (sent, answer not read), by name. */
  cuts = new Map<string, number>();
  /** Non-2xx answers: the first few bodies, to say what went wrong. */
  failures: string[] = [];
  /** Sessions (by index) answered with a 2xx by each instance. */
  answeredBy: [Set<number>, Set<number>] = [new Set(), new Set()];

  record(sample: Sample, session: number | null, body?: string) {
    sample.at = performance.now();
    (this.measuring ? this.samples : this.warmup).push(sample);
    if (sample.status >= 200 && sample.status < 300) {
      if (session !== null) this.answeredBy[sample.instance].add(session);
    } else if (this.failures.length < 20) {
      this.failures.push(
        `${sample.name} → ${sample.status} on instance ${'AB'[sample.instance]}: ${(body ?? '').slice(0, 300)}`,
      );
    }
  }

  cut(name: string) {
    this.cuts.set(name, (this.cuts.get(name) ?? 0) + 1);
  }

  error(name: string, count = 1) {
    this.errors.set(name, (this.errors.get(name) ?? 0) + count);
  }

  figures(filter: (s: Sample) => boolean, errorsOf: (name: string) => boolean): ClassFigures {
    const chosen = this.samples.filter(filter);
    const sorted = chosen.map((s) => s.ms).sort((a, b) => a - b);
    let errors = 0;
    for (const [name, n] of this.errors) if (errorsOf(name)) errors += n;
    return {
      requests: chosen.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1] ?? Number.NaN,
      errors,
      non2xx: chosen.filter((s) => s.status < 200 || s.status >= 300).length,
    };
  }
}

/** One call outside the load tool (the run's import and pairing generation), recorded like the tool's. */
export async function timedCall(
  recorder: Recorder,
  baseUrls: string[],
  instance: number,
  session: Session,
  name: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: () => unknown; text: string }> {
  const isForm = body instanceof FormData;
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrls[instance]}${path}`, {
      method,
      headers: headersOf(session, body !== undefined && !isForm),
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    recorder.record(
      { name, kind: method === 'GET' ? 'read' : 'write', ms, status: response.status, instance },
      null,
      text,
    );
    return { status: response.status, json: () => JSON.parse(text), text };
  } catch (error) {
    recorder.error(name);
    throw error;
  }
}
