import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadBillPdf, listSaleBills, sendBill } from '../../../contracts/bills';
import type { BodyOf, QueryOf } from '../../../contracts/http';
import {
  archiveSale,
  type CourtesyInput,
  createCourtesySale,
  getSale,
  listCourtesyPayments,
  listSales,
  type RefundInput,
  refundSale,
  type SaleDetail,
  type SaleInput,
  updateSale,
} from '../../../contracts/sales';
import { buildUrl, call } from '../../lib/api';

export const saleKeys = {
  all: (projectId: string) => ['sales', projectId] as const,
  list: (projectId: string, query: QueryOf<typeof listSales>) => ['sales', projectId, 'list', query] as const,
  one: (projectId: string, saleId: string) => ['sales', projectId, 'one', saleId] as const,
  bills: (projectId: string, saleId: string) => ['sales', projectId, 'bills', saleId] as const,
};

export const saleListQuery = (projectId: string, query: QueryOf<typeof listSales>) =>
  queryOptions({
    queryKey: saleKeys.list(projectId, query),
    queryFn: ({ signal }) => call(listSales, { params: { projectId }, query, signal }),
    placeholderData: keepPreviousData,
  });

export const saleQuery = (projectId: string, saleId: string) =>
  queryOptions({
    queryKey: saleKeys.one(projectId, saleId),
    queryFn: ({ signal }) => call(getSale, { params: { projectId, saleId }, signal }),
  });

/** After a change: the sale as the server answered it, and every list read again (a row may leave its tab). */
function useSaleChanged(projectId: string) {
  const queryClient = useQueryClient();
  return (sale: SaleDetail) => {
    queryClient.setQueryData(saleKeys.one(projectId, sale.id), sale);
    return queryClient.invalidateQueries({ queryKey: [...saleKeys.all(projectId), 'list'] });
  };
}

export const courtesyPaymentsQuery = (projectId: string) =>
  queryOptions({
    queryKey: [...saleKeys.all(projectId), 'courtesy-payments'] as const,
    queryFn: ({ signal }) => call(listCourtesyPayments, { params: { projectId }, signal }),
  });

export function useCreateCourtesySale(projectId: string) {
  const changed = useSaleChanged(projectId);
  return useMutation({
    mutationFn: (body: CourtesyInput) => call(createCourtesySale, { params: { projectId }, body }),
    meta: { silent: true },
    onSuccess: changed,
  });
}

export function useArchiveSale(projectId: string) {
  const changed = useSaleChanged(projectId);
  return useMutation({
    mutationFn: ({ saleId, archived }: { saleId: string; archived: boolean }) =>
      call(archiveSale, { params: { projectId, saleId }, body: { archived } }),
    onSuccess: changed,
  });
}

export function useUpdateSale(projectId: string, saleId: string) {
  const changed = useSaleChanged(projectId);
  return useMutation({
    mutationFn: (body: SaleInput) => call(updateSale, { params: { projectId, saleId }, body }),
    meta: { silent: true },
    onSuccess: changed,
  });
}

/** S2: the refund form shows its own failure (an alert panel, spec §8): no error popup. */
export function useRefundSale(projectId: string, saleId: string) {
  const changed = useSaleChanged(projectId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundInput) => call(refundSale, { params: { projectId, saleId }, body }),
    meta: { silent: true },
    // A refund made brings its credit note: the sale's bills are read again.
    onSuccess: (answer) =>
      Promise.all([
        changed(answer.sale),
        queryClient.invalidateQueries({ queryKey: saleKeys.bills(projectId, saleId) }),
      ]),
  });
}

/** The sale's bills (its invoice, then a credit note per refund), by number. */
export const saleBillsQuery = (projectId: string, saleId: string) =>
  queryOptions({
    queryKey: saleKeys.bills(projectId, saleId),
    queryFn: ({ signal }) => call(listSaleBills, { params: { projectId, requestId: saleId }, signal }),
  });

/** Where a bill's PDF downloads (a plain link: the server names the file). */
export const billPdfUrl = (projectId: string, saleId: string, billId: string) =>
  buildUrl(downloadBillPdf.path, { projectId, requestId: saleId, billId });

/** « Envoyer la facture »: the panel shows its own failure (spec §8 alert), no error popup. */
export function useSendBill(projectId: string, saleId: string) {
  return useMutation({
    mutationFn: (billId: string) => call(sendBill, { params: { projectId, requestId: saleId, billId } }),
    meta: { silent: true },
  });
}

export type SaleListQuery = QueryOf<typeof listSales>;
export type RefundBody = BodyOf<typeof refundSale>;
