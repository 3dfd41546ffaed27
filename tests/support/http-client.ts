import type { Language } from '../../contracts/http';
import type { Project, ProjectInput } from '../../contracts/projects';

/**
 * The API over real HTTP (fetch), as the web app calls it: the browser tier seeds data with it
 * (tests/support/e2e.ts re-exports it), the README's PostgreSQL walk signs in with it
 * (server/cli/readme-postgres.api.test.ts).
 */

export const PASSWORD = 'Maillage-demo-2026';

/** A name no other test, nor an earlier run, has used. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/** A signed-in caller of the API with its own cookie jar and CSRF token, as the web app calls it. */
export class ApiClient {
  private readonly cookies = new Map<string, string>();
  private csrf = '';

  private constructor(readonly baseUrl: string) {}

  static async signIn(baseUrl: string, email: string, password = PASSWORD): Promise<ApiClient> {
    const client = new ApiClient(baseUrl);
    await client.refreshCsrf();
    await client.call('POST', '/api/session', { email, password });
    await client.refreshCsrf();
    return client;
  }

  private async refreshCsrf() {
    this.csrf = (await this.call<{ csrfToken: string }>('GET', '/api/session')).csrfToken;
  }

  async call<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') headers['x-csrf-token'] = this.csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The cookies the server set (the session's, the CSRF secret's), as name and value: to hand the session to a browser. */
  cookieJar(): [string, string][] {
    return [...this.cookies];
  }

  setLanguage(locale: Language) {
    return this.call('PATCH', '/api/me', { locale });
  }

  /** A project of the caller's current company, next year, named "Projet e2e …" unless told otherwise. */
  createProject(overrides: Partial<ProjectInput> = {}) {
    const nameFr = overrides.nameFr ?? uniqueName('Projet e2e');
    const year = new Date().getFullYear() + 1;
    const body: ProjectInput = {
      nameFr,
      nameEn: nameFr.replace(/^Projet/, 'Project'),
      startsOn: `${year}-06-10`,
      endsOn: `${year}-06-12`,
      timeZone: 'America/Toronto',
      defaultLanguage: 'fr',
      externalDashboardUrl: '',
      ...overrides,
    };
    return this.call<Project>('POST', '/api/projects', body);
  }

  listProjects(query: Record<string, string | number> = {}) {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    return this.call<{ items: Project[]; total: number }>('GET', `/api/projects?${qs}`);
  }
}
