import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createPromoCode,
  deletePromoCode,
  listPromoCodes,
  listPromoPayments,
  type PromoCodeInput,
  updatePromoCode,
} from '../../../contracts/promo-codes';
import { call } from '../../lib/api';

export const promoCodeKeys = {
  all: ['promo-codes'] as const,
  list: (projectId: string) => ['promo-codes', projectId, 'list'] as const,
  payments: (projectId: string) => ['promo-codes', projectId, 'payments'] as const,
};

export const promoCodeListQuery = (projectId: string) =>
  queryOptions({
    queryKey: promoCodeKeys.list(projectId),
    queryFn: ({ signal }) => call(listPromoCodes, { params: { projectId }, signal }),
  });

export const promoPaymentsQuery = (projectId: string) =>
  queryOptions({
    queryKey: promoCodeKeys.payments(projectId),
    queryFn: ({ signal }) => call(listPromoPayments, { params: { projectId }, signal }),
  });

/** The form shows its own field errors: its mutation is silent. Every change refreshes the codes and payments. */
export function useSavePromoCode(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ promoCodeId, body }: { promoCodeId: string | null; body: PromoCodeInput }) =>
      promoCodeId
        ? call(updatePromoCode, { params: { projectId, promoCodeId }, body })
        : call(createPromoCode, { params: { projectId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodeKeys.all }),
    meta: { silent: true },
  });
}

export function useDeletePromoCode(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promoCodeId: string) => call(deletePromoCode, { params: { projectId, promoCodeId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodeKeys.all }),
  });
}
