import { z } from 'zod';
import { defineEndpoint } from './http';

/** P2: the seeker sends a query only when the term is longer than 3 characters. */
export const SEARCH_MIN_LENGTH = 4;
export const SEARCH_DELAY_MS = 1000;

export const searchResult = z.object({
  kind: z.enum(['project', 'user', 'company']),
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  /** name, first name, e-mail, company — or the project's name and its company. */
  label: z.string(),
  projectId: z.uuid().nullable(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const globalSearch = defineEndpoint({
  method: 'GET',
  path: '/api/search',
  access: 'superAdmin',
  tag: 'search',
  summary: 'P2 super-admin search over every project, user and company',
  query: z.object({
    q: z.string().trim().min(SEARCH_MIN_LENGTH, { error: 'validation.searchTooShort' }).max(100),
  }),
  response: z.array(searchResult),
});
