/** S1–S2: the sales page — being built (issue 20). */
export function SalesPage() {
  return null;
}
