/** The public registration page's address (open, close, regenerate) — being built (issue 20). */
export function RegistrationPageTab(_props: {
  projectId: string;
  paymentId?: string;
  onOpen?: (paymentId: string | undefined) => void;
}) {
  return null;
}
