import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { billPorts } from '../bills/service';
import { stripeGateway } from '../stripe/gateway';

/**
 * What the sales module asks of its neighbours (issue 20): the card processor (server/modules/stripe) for card
 * refunds, and the bills (server/modules/bills) for invoices and credit notes. Built once per app from the deps, so
 * that a sale's refund and its credit note go through the same calls in the routes and in the tests.
 */
export interface CardRefundInput {
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  /** The refund row's key: a double click or a retry after a crash refunds once. */
  idempotencyKey: string;
}

export interface CardRefundResult {
  /** The processor's refund id (`re_…`). */
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
}

export interface BillRef {
  billId: string;
  number: number;
}

export interface CheckoutInput {
  requestId: string;
  currency: string;
  /** Each line as the buyer sees it, its amount in cents taxes included. */
  lines: { name: string; amountCents: number }[];
  buyerEmail: string;
  language: 'fr' | 'en';
  /** Where the processor's page returns the buyer. */
  successUrl: string;
  cancelUrl: string;
}

export interface SalesPorts {
  /** A card payment page for a pending sale (Stripe Checkout); null when no card processor is configured. */
  createCheckout: ((input: CheckoutInput) => Promise<{ url: string; sessionId: string }>) | null;
  /** null when no card processor is configured (STRIPE_SECRET_KEY unset): card refunds are refused, saying so. */
  cardRefund: ((input: CardRefundInput) => Promise<CardRefundResult>) | null;
  /** The invoice of a paid sale, numbered in the company's sequence, in the caller's transaction. */
  issueInvoice:
    | ((tx: Tx, input: { companyId: string; projectId: string; requestId: string }) => Promise<BillRef>)
    | null;
  /** The credit note of a succeeded refund, in the caller's transaction. */
  issueCreditNote:
    | ((tx: Tx, input: { companyId: string; projectId: string; refundId: string }) => Promise<BillRef>)
    | null;
}

export function salesPorts(deps: Deps): SalesPorts {
  const stripe = stripeGateway(deps.config.stripe);
  return {
    createCheckout: stripe?.createCheckout ?? null,
    cardRefund: stripe?.refund ?? null,
    ...billPorts(deps),
  };
}
