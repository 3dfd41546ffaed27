import { within } from '@testing-library/react';
import { vi } from 'vitest';

/** What web component tests share: a fake of the API behind `fetch`, and readers of what a table shows. */

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A refusal as the server writes it (its title and field messages already in the caller's language). */
export const problem = (
  status: number,
  code: string,
  title: string,
  fields?: { field: string; code: string; message: string }[],
) => json(status, { status, code, title, requestId: 'req-42', ...(fields && { fields }) });

/** A page of a list endpoint. */
export const page = <T>(items: T[], total = items.length, pageNumber = 1, pageSize = 25) =>
  json(200, { items, page: pageNumber, pageSize, total });

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The interface's language the call was sent in (`accept-language`): the server answers its errors in it. */
  language: 'fr' | 'en';
}

/**
 * Stubs `fetch` (undo with `vi.unstubAllGlobals()`): a call is answered by the route named `METHOD /path`, and kept
 * in the list returned, in order; a call no route names fails the test.
 */
export function fakeServer(routes: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const [path, query = ''] = String(input).split('?');
      const method = init?.method ?? 'GET';
      const call = {
        method,
        path,
        query: new URLSearchParams(query),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        language:
          (init?.headers as Record<string, string> | undefined)?.['accept-language'] === 'en' ? 'en' : 'fr',
      } as const;
      calls.push(call);
      const route = routes[`${method} ${path}`];
      if (!route) throw new Error(`unexpected call ${method} ${path}`);
      return route(call);
    }),
  );
  return calls;
}

/** The bodies sent to one route, in order. */
export const sentTo = (calls: Call[], route: string) =>
  calls.filter((c) => `${c.method} ${c.path}` === route).map((c) => c.body);

/** What an element reads, spaces as typed (the locale's narrow and non-breaking ones made plain). */
export const text = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

/** The texts of a table row's cells. */
export const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map(text);
