import { vi } from 'vitest';
import type { MailTemplate } from '../../../contracts/mail-templates';

/** What the component tests of this folder share: a project's templates behind a fake of its API. */

/** Typing into forms key by key in jsdom takes more than the default 5 s on a loaded machine. */
export const SLOW = 20_000;

export const PROJECT = '00000000-0000-4000-8000-000000000001';
export const templatesUrl = `/api/projects/${PROJECT}/mail-templates`;

export const TAG = '<span data-merge-tag="firstName" class="merge-tag">Prénom</span>';

export function buildTemplate(n: number, name: string): MailTemplate {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    name,
    subject: { fr: `Objet ${name}`, en: `Subject ${name}` },
    body: { fr: `<p>Bonjour ${TAG}</p>`, en: `<p>Hello ${TAG}</p>` },
    createdAt: `2026-11-0${n}T12:00:00.000Z`,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface FakeApi {
  templates: MailTemplate[];
  /** Every call, in order (the list's query left out of `path`). */
  sent: { method: string; path: string; body: unknown }[];
  /** Held list answers wait until this promise resolves (the loading state). */
  hold?: Promise<void>;
}

/**
 * Stubs `fetch` with a project's templates: the list (by name, `q` on the name), one template, create, edit and
 * delete. Restore with `vi.unstubAllGlobals()`.
 */
export function fakeTemplateApi(templates: MailTemplate[]): FakeApi {
  const api: FakeApi = { templates: [...templates], sent: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      api.sent.push({ method, path: url.pathname, body });
      const id = url.pathname.slice(templatesUrl.length + 1);
      const found = api.templates.find((item) => item.id === id);
      if (url.pathname === templatesUrl && method === 'GET') {
        await api.hold;
        const q = url.searchParams.get('q')?.toLowerCase();
        const items = api.templates
          .filter((item) => !q || item.name.toLowerCase().includes(q))
          .sort((a, b) => a.name.localeCompare(b.name))
          .map(({ body: _body, ...summary }) => summary);
        return json(200, { items, page: 1, pageSize: 25, total: items.length });
      }
      if (url.pathname === templatesUrl && method === 'POST') {
        const created = {
          ...body,
          id: `00000000-0000-4000-8000-0000000000f${api.templates.length}`,
          createdAt: '2026-11-29T12:00:00.000Z',
        };
        api.templates.push(created);
        return json(200, created);
      }
      if (!found) return json(404, { status: 404, code: 'notFound', title: 'Not found', requestId: '1' });
      if (method === 'GET') return json(200, found);
      if (method === 'PUT') {
        Object.assign(found, body);
        return json(200, found);
      }
      api.templates = api.templates.filter((item) => item !== found);
      return json(200, { ok: true });
    }),
  );
  return api;
}
