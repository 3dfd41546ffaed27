import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createTax,
  deleteTax,
  getSalesSettings,
  listTaxes,
  reorderTaxes,
  type SalesSettingsInput,
  saveSalesSettings,
  type TaxInput,
  updateTax,
} from '../../../contracts/taxes';
import { call } from '../../lib/api';

export const taxKeys = {
  all: ['taxes'] as const,
  list: (projectId: string) => ['taxes', projectId, 'list'] as const,
  settings: (projectId: string) => ['taxes', projectId, 'settings'] as const,
};

export const salesSettingsQuery = (projectId: string) =>
  queryOptions({
    queryKey: taxKeys.settings(projectId),
    queryFn: ({ signal }) => call(getSalesSettings, { params: { projectId }, signal }),
  });

export const taxListQuery = (projectId: string) =>
  queryOptions({
    queryKey: taxKeys.list(projectId),
    queryFn: ({ signal }) => call(listTaxes, { params: { projectId }, signal }),
  });

/** Every change refreshes the project's taxes and configuration; a form's mutation is silent (its own errors). */
function useTaxMutation<V, R>(fn: (v: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxKeys.all }),
    meta: { silent },
  });
}

export const useSaveSalesSettings = (projectId: string) =>
  useTaxMutation(
    (body: SalesSettingsInput) => call(saveSalesSettings, { params: { projectId }, body }),
    true,
  );

export const useSaveTax = (projectId: string) =>
  useTaxMutation(
    ({ taxId, body }: { taxId: string | null; body: TaxInput }) =>
      taxId
        ? call(updateTax, { params: { projectId, taxId }, body })
        : call(createTax, { params: { projectId }, body }),
    true,
  );

export const useDeleteTax = (projectId: string) =>
  useTaxMutation((taxId: string) => call(deleteTax, { params: { projectId, taxId } }));

/** P11: the SortableList's save; its reload follows. */
export const saveTaxOrder = (projectId: string, ids: string[]) =>
  call(reorderTaxes, { params: { projectId }, body: { ids } });
