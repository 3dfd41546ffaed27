import type { FieldError } from '../../../contracts/http';
import type {
  PublicRegistrationPage,
  RegistrationChoice,
  RegistrationPurchase,
  RegistrationPurchaseInput,
  RegistrationQuote,
} from '../../../contracts/registration';

/** The public registration page's calls (no session, no query cache: this page carries none of the back office). */

export type PageState =
  | { kind: 'loading' }
  | { kind: 'ready'; page: PublicRegistrationPage }
  | { kind: 'notFound' }
  | { kind: 'closed' }
  | { kind: 'tooMany' }
  | { kind: 'failed' };

const pageUrl = (token: string) => `/api/registration-pages/${encodeURIComponent(token)}`;

/** Reads the page (for a role when given): 404, 410 (closed) and 429 are states of their own. */
export async function loadPage(token: string, roleId?: string): Promise<PageState> {
  try {
    const query = roleId ? `?roleId=${encodeURIComponent(roleId)}` : '';
    const response = await fetch(`${pageUrl(token)}${query}`, {
      headers: { accept: 'application/json' },
      credentials: 'omit',
    });
    if (response.status === 404 || response.status === 400 || response.status === 414)
      return { kind: 'notFound' };
    if (response.status === 410) return { kind: 'closed' };
    if (response.status === 429) return { kind: 'tooMany' };
    if (!response.ok) return { kind: 'failed' };
    return { kind: 'ready', page: (await response.json()) as PublicRegistrationPage };
  } catch {
    return { kind: 'failed' };
  }
}

/** A refusal as the page shows it: the server's translated title, and each field's message by field. */
export interface Refusal {
  status: number;
  title: string;
  fields: Record<string, string>;
}

export type Answer<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

let csrf: Promise<string> | null = null;
/** The CSRF token a change needs (GET /api/session gives it, with its cookie, to any browser). */
function csrfToken(): Promise<string> {
  csrf ??= fetch('/api/session', { headers: { accept: 'application/json' } })
    .then((response) => response.json() as Promise<{ csrfToken: string }>)
    .then((body) => body.csrfToken)
    .catch((error) => {
      csrf = null;
      throw error;
    });
  return csrf;
}

async function post<T>(url: string, body: unknown, language: string): Promise<Answer<T>> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'accept-language': language,
        'x-csrf-token': await csrfToken(),
      },
      body: JSON.stringify(body),
    });
    const json = await response.json().catch(() => ({}));
    if (response.ok) return { ok: true, value: json as T };
    const fields: Record<string, string> = {};
    for (const field of (json.fields ?? []) as FieldError[]) fields[field.field] ??= field.message;
    return { ok: false, refusal: { status: response.status, title: String(json.title ?? ''), fields } };
  } catch {
    return { ok: false, refusal: { status: 0, title: '', fields: {} } };
  }
}

export const quote = (token: string, choice: RegistrationChoice, language: string) =>
  post<RegistrationQuote>(`${pageUrl(token)}/quote`, choice, language);

export const purchase = (token: string, body: RegistrationPurchaseInput, language: string) =>
  post<RegistrationPurchase>(`${pageUrl(token)}/purchase`, body, language);
