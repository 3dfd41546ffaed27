import type { SaleDetail } from '../../../contracts/sales';

/** What the sales screens' tests read: ids, and the worked example as the server answers it. */
export const PROJECT = '00000000-0000-4000-8000-000000000001';
export const SALE = '00000000-0000-4000-8000-0000000000b1';
export const ITEM = '00000000-0000-4000-8000-0000000000e1';

const gst = { name: { fr: 'TPS', en: 'GST' }, rateMilli: 5000, registrationNumber: '', amountCents: 1_000 };
const qst = { name: { fr: 'TVQ', en: 'QST' }, rateMilli: 9975, registrationNumber: '', amountCents: 1_995 };

/** The worked example: $250.00 with a 20 % code, GST and QST, nothing refunded yet. */
export const workedExampleSale: SaleDetail = {
  id: SALE,
  createdAt: '2027-06-01T13:30:00.000Z',
  paidAt: '2027-06-01T13:31:00.000Z',
  buyer: { name: 'Hélène Côté', email: 'helene@erable.test', organisation: 'Érable inc.' },
  participantId: null,
  language: 'fr',
  currency: 'CAD',
  status: 'paid',
  source: 'manual',
  archived: false,
  subtotalCents: 25_000,
  discountCents: 5_000,
  taxCents: 2_995,
  totalCents: 22_995,
  refundedCents: 0,
  items: [
    {
      id: ITEM,
      paymentId: null,
      name: { fr: 'Inscription', en: 'Registration' },
      unitPriceCents: 25_000,
      quantity: 1,
      promoCode: 'LEVE-TOT',
      discountCents: 5_000,
      taxes: [gst, qst],
      totalCents: 22_995,
      refundedCents: 0,
      refundableFeeCents: 20_000,
    },
  ],
  refunds: [],
  refundableFeeCents: 20_000,
  refundTaxes: [gst, qst],
};
