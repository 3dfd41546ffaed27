import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  archiveCompany,
  type CompanyInput,
  createCompany,
  deleteCompany,
  listCompanies,
  listCompanyChoices,
  updateCompany,
} from '../../../contracts/companies';
import type { QueryOf } from '../../../contracts/http';
import { call } from '../../lib/api';
import { sessionQuery } from '../session/api';

export const companyKeys = {
  all: ['companies'] as const,
  list: (query: QueryOf<typeof listCompanies>) => ['companies', 'list', query] as const,
  choices: ['companies', 'choices'] as const,
};

export const companyListQuery = (query: QueryOf<typeof listCompanies>) =>
  queryOptions({
    queryKey: companyKeys.list(query),
    queryFn: ({ signal }) => call(listCompanies, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useCompanyChoices(enabled: boolean) {
  return useQuery({ queryKey: companyKeys.choices, queryFn: () => call(listCompanyChoices), enabled });
}

function useCompanyMutation<V, R>(fn: (v: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The session too: archiving or deleting the company one works in sends a super-admin back to their own.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
      ]),
    meta: { silent },
  });
}

export const useCreateCompany = () =>
  useCompanyMutation((body: CompanyInput) => call(createCompany, { body }), true);
export const useUpdateCompany = () =>
  useCompanyMutation(
    ({ companyId, body }: { companyId: string; body: CompanyInput }) =>
      call(updateCompany, { params: { companyId }, body }),
    true,
  );
export const useArchiveCompany = () =>
  useCompanyMutation(({ companyId, archived }: { companyId: string; archived: boolean }) =>
    call(archiveCompany, { params: { companyId }, body: { archived } }),
  );
export const useDeleteCompany = () =>
  useCompanyMutation(
    ({ companyId, confirmName }: { companyId: string; confirmName: string }) =>
      call(deleteCompany, { params: { companyId }, body: { confirmName } }),
    true,
  );
