/** R1: the payments list, with the side edition panel replacing it — being built (issue 20). */
export function PaymentsTab(_props: {
  projectId: string;
  paymentId?: string;
  onOpen?: (paymentId: string | undefined) => void;
}) {
  return null;
}
