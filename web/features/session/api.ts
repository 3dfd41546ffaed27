import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  checkSession,
  extendSession,
  getSession,
  selectProject,
  signIn,
  signOut,
  updatePreferences,
} from '../../../contracts/auth';
import type { Language } from '../../../contracts/http';
import { call, setCsrfToken } from '../../lib/api';
import { applyLanguage } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async () => {
    const state = await call(getSession);
    setCsrfToken(state.csrfToken);
    if (state.user) await applyLanguage(state.user.locale).catch(() => undefined);
    return state;
  },
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCurrentUser() {
  const { data } = useQuery(sessionQuery);
  if (!data?.user) throw new Error('useCurrentUser needs a signed-in user (used outside the app layout)');
  return data.user;
}

export async function signInWith(email: string, password: string) {
  const state = await call(signIn, { body: { email, password } });
  setCsrfToken(state.csrfToken);
  if (state.user) await applyLanguage(state.user.locale).catch(() => undefined);
  queryClient.clear();
  queryClient.setQueryData(sessionQuery.queryKey, state);
  return state;
}

export async function signOutNow() {
  await call(signOut).catch(() => undefined);
  queryClient.clear();
}

export const fetchSessionTimes = () => call(checkSession);
export const extend = () => call(extendSession);

/** J1: the project opened becomes the selected one (the menu, `/` and `?p=` follow it), for this and later sessions. */
export async function rememberProject(projectId: string) {
  const state = queryClient.getQueryData(sessionQuery.queryKey);
  if (!state?.user || state.user.lastProjectId === projectId) return;
  const user = await call(selectProject, { body: { projectId } });
  queryClient.setQueryData(sessionQuery.queryKey, (s) => (s ? { ...s, user } : s));
}

/** P4: the language changes at once and is remembered for the user. */
export async function changeLanguage(locale: Language) {
  await applyLanguage(locale);
  const user = await call(updatePreferences, { body: { locale } });
  queryClient.setQueryData(sessionQuery.queryKey, (state) => (state ? { ...state, user } : state));
  // Lists sorted by name follow the language.
  await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
}
