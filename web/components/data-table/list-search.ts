import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../contracts/http';

/**
 * P5: the state of a list lives in the URL (`?q=&sort=&dir=&page=&pageSize=`), so a list can be bookmarked and
 * the back button works. Anything unreadable falls back to the default instead of breaking the page.
 */
export function listSearchSchema<const S extends readonly [string, ...string[]]>(sortable: S) {
  return z.object({
    q: z.string().optional().catch(undefined),
    sort: z.enum(sortable).optional().catch(undefined),
    dir: z.enum(['asc', 'desc']).optional().catch(undefined),
    page: z.coerce.number().int().min(1).optional().catch(undefined),
    pageSize: z.coerce
      .number()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
      .optional()
      .catch(undefined),
  });
}

export interface ListState {
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

/** The query sent to a list endpoint for a URL state (defaults filled in). */
export function listQueryOf<T extends ListState>(state: T) {
  return {
    ...state,
    dir: state.dir ?? 'asc',
    page: state.page ?? 1,
    pageSize: state.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}

interface ListQueryResult<T> {
  data: { items: T[]; page: number; pageSize: number; total: number } | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The props that tie a DataTable to its list query and to the URL: rows, loading and error states, and a state
 * change that becomes a navigation (so it lands in the history). `navigate` is the page's `useNavigate()`.
 */
export function bindListTable<T>(
  list: ListQueryResult<T>,
  state: ListState,
  navigate: (options: { search: (prev: object) => object }) => unknown,
) {
  return {
    data: list.data,
    isLoading: list.isFetching,
    error: list.error,
    onRetry: () => void list.refetch(),
    state,
    onStateChange: (next: ListState) => void navigate({ search: (prev) => ({ ...prev, ...next }) }),
  };
}
