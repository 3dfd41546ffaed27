/** R3: the promo codes — being built (issue 20). */
export function PromoCodesTab(_props: {
  projectId: string;
  paymentId?: string;
  onOpen?: (paymentId: string | undefined) => void;
}) {
  return null;
}
