/** R1: payment categories (order, edit) — being built (issue 20). */
export function PaymentCategoriesTab(_props: {
  projectId: string;
  paymentId?: string;
  onOpen?: (paymentId: string | undefined) => void;
}) {
  return null;
}
