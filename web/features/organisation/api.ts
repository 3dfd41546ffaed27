import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getOrganisation,
  type OrganisationInput,
  setOrganisationLogo,
  updateOrganisation,
} from '../../../contracts/organisation';
import { call } from '../../lib/api';
import { sessionQuery } from '../session/api';

export const organisationQuery = queryOptions({
  queryKey: ['organisation'],
  queryFn: ({ signal }) => call(getOrganisation, { signal }),
});

function useOrganisationMutation<V>(fn: (v: V) => ReturnType<typeof call<typeof getOrganisation>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (organisation) => {
      queryClient.setQueryData(organisationQuery.queryKey, organisation);
      // The header shows the company's name.
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
    meta: { silent: true },
  });
}

export const useUpdateOrganisation = () =>
  useOrganisationMutation((body: OrganisationInput) => call(updateOrganisation, { body }));

export const useSetOrganisationLogo = () =>
  useOrganisationMutation((fileId: string | null) => call(setOrganisationLogo, { body: { fileId } }));
