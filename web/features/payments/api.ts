import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  copyPayment,
  createPayment,
  createPaymentCategory,
  deletePayment,
  deletePaymentCategory,
  getPayment,
  getPaymentFormOptions,
  listPaymentCategories,
  listPayments,
  type PaymentCategoryInput,
  type PaymentInput,
  type PaymentOrder,
  reorderPaymentCategories,
  reorderPayments,
  updatePayment,
  updatePaymentCategory,
} from '../../../contracts/payments';
import { call } from '../../lib/api';

/** Every key starts with the project: a change refreshes its payments, categories and the panel's options at once. */
export const paymentKeys = {
  all: (projectId: string) => ['payments', projectId] as const,
  list: (projectId: string) => ['payments', projectId, 'list'] as const,
  one: (projectId: string, paymentId: string) => ['payments', projectId, 'one', paymentId] as const,
  options: (projectId: string) => ['payments', projectId, 'options'] as const,
  categories: (projectId: string) => ['payments', projectId, 'categories'] as const,
};

export const paymentListQuery = (projectId: string) =>
  queryOptions({
    queryKey: paymentKeys.list(projectId),
    queryFn: ({ signal }) => call(listPayments, { params: { projectId }, signal }),
  });

export const paymentQuery = (projectId: string, paymentId: string) =>
  queryOptions({
    queryKey: paymentKeys.one(projectId, paymentId),
    queryFn: ({ signal }) => call(getPayment, { params: { projectId, paymentId }, signal }),
  });

export const paymentFormOptionsQuery = (projectId: string) =>
  queryOptions({
    queryKey: paymentKeys.options(projectId),
    queryFn: ({ signal }) => call(getPaymentFormOptions, { params: { projectId }, signal }),
  });

export const paymentCategoryListQuery = (projectId: string) =>
  queryOptions({
    queryKey: paymentKeys.categories(projectId),
    queryFn: ({ signal }) => call(listPaymentCategories, { params: { projectId }, signal }),
  });

function usePaymentMutation<V, R>(projectId: string, fn: (v: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all(projectId) }),
    meta: { silent },
  });
}

/** The panel shows its own field errors: silent. */
export const useSavePayment = (projectId: string) =>
  usePaymentMutation(
    projectId,
    ({ paymentId, body }: { paymentId: string | null; body: PaymentInput }) =>
      paymentId
        ? call(updatePayment, { params: { projectId, paymentId }, body })
        : call(createPayment, { params: { projectId }, body }),
    true,
  );

export const useCopyPayment = (projectId: string) =>
  usePaymentMutation(projectId, (paymentId: string) =>
    call(copyPayment, { params: { projectId, paymentId } }),
  );

export const useDeletePayment = (projectId: string) =>
  usePaymentMutation(projectId, (paymentId: string) =>
    call(deletePayment, { params: { projectId, paymentId } }),
  );

export const saveOrder = (projectId: string, body: PaymentOrder) =>
  call(reorderPayments, { params: { projectId }, body });

export const useSavePaymentCategory = (projectId: string) =>
  usePaymentMutation(
    projectId,
    ({ categoryId, body }: { categoryId: string | null; body: PaymentCategoryInput }) =>
      categoryId
        ? call(updatePaymentCategory, { params: { projectId, categoryId }, body })
        : call(createPaymentCategory, { params: { projectId }, body }),
    true,
  );

export const useDeletePaymentCategory = (projectId: string) =>
  usePaymentMutation(projectId, (categoryId: string) =>
    call(deletePaymentCategory, { params: { projectId, categoryId } }),
  );

export const saveCategoryOrder = (projectId: string, ids: string[]) =>
  call(reorderPaymentCategories, { params: { projectId }, body: { ids } });
