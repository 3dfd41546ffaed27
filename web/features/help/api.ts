import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getHelpEdition,
  getScreenHelp,
  type HelpInput,
  type HelpScreen,
  saveHelp,
  setTextEditionMode,
} from '../../../contracts/help';
import { call } from '../../lib/api';
import { sessionQuery } from '../session/api';

export const helpKeys = {
  all: ['help'] as const,
  screen: (screen: HelpScreen) => ['help', 'screen', screen] as const,
  edition: (screen: HelpScreen) => ['help', 'edition', screen] as const,
};

export const screenHelpQuery = (screen: HelpScreen) =>
  queryOptions({
    queryKey: helpKeys.screen(screen),
    queryFn: ({ signal }) => call(getScreenHelp, { query: { screen }, signal }),
    // Dropped once the modal closes: reopened, it shows the help as it is now, never a stale copy first.
    gcTime: 0,
  });

export const helpEditionQuery = (screen: HelpScreen) =>
  queryOptions({
    queryKey: helpKeys.edition(screen),
    queryFn: ({ signal }) => call(getHelpEdition, { query: { screen }, signal }),
    // Always the stored version when the edition opens.
    gcTime: 0,
  });

export function useSaveHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HelpInput) => call(saveHelp, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpKeys.all }),
    meta: { silent: true },
  });
}

/** E10: the super-admin's text-edition mode, remembered for the user; the session payload follows. */
export function useSetTextEditionMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => call(setTextEditionMode, { body: { enabled } }),
    onSuccess: (user) => queryClient.setQueryData(sessionQuery.queryKey, (s) => (s ? { ...s, user } : s)),
  });
}
