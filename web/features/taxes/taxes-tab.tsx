/** R2: the taxes configuration and the taxes — being built (issue 20). */
export function TaxesTab(_props: {
  projectId: string;
  paymentId?: string;
  onOpen?: (paymentId: string | undefined) => void;
}) {
  return null;
}
