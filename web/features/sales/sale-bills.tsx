/**
 * The bills of a sale in its detail panel (its invoice and credit notes, download and « Envoyer la facture »): the
 * bills module fills this slot (issue 20, docs/sales/bills.md). Until then it shows nothing.
 */
export function SaleBills(_props: { projectId: string; saleId: string }) {
  return null;
}
