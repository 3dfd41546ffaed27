import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { showError } from '../components/feedback/error-dialog';
import { ApiError } from './api';

/**
 * A failed call that the screen does not handle itself ends in the one error popup (P8). Forms handle their own
 * field errors and mark their mutations `meta: { silent: true }`; a mutation whose screen handles some errors only
 * names them with `meta: { handled: (error) => boolean }`; a lost session returns to sign-in instead.
 */
function report(error: unknown) {
  if (error instanceof ApiError && error.status === 401) return;
  showError(error);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.silent) return;
      report(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _v, _c, mutation) => {
      if (mutation.meta?.silent) return;
      const handled = mutation.meta?.handled;
      if (typeof handled === 'function' && (handled as (error: unknown) => boolean)(error)) return;
      report(error);
    },
  }),
  defaultOptions: {
    queries: {
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
