import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, lineTotals, promoDiscount } from '../../../contracts/money';
import { withTestApp } from '../../../tests/support/api-fixture';
import { DECLINED_CARD, PAYING_CARD } from '../../../tests/support/fake-stripe';
import { type ApiClient, anonymous } from '../../../tests/support/test-app';
import {
  bills,
  mailMessages,
  participants,
  paymentRequestItems,
  paymentRequests,
  paymentRoles,
  payments,
  paymentTaxes,
  persons,
  promoCodes,
} from '../../db/schema';
import { listenForWebhooks, withFakeStripe } from '../stripe/fixtures';
import { newcomer, pageToken, projectOnSale } from './fixtures';

/**
 * The card path of the public page end to end, against the fake Stripe: the purchase answers the fake's Checkout
 * page, the buyer pays there, the fake's signed webhook reaches the app (listening on 127.0.0.1), and the sale is
 * completed with the form the buyer typed (kept on the sale until then: `buyer_form`).
 */
const { stripe, env } = withFakeStripe();
const { t, camille } = withTestApp({ env: () => ({ ...env(), TRUST_PROXY: 'true' }) });
beforeAll(async () => {
  await listenForWebhooks(t, stripe);
});

let addresses = 0;
const visitor = (): Promise<ApiClient> => anonymous(t.app, { 'x-forwarded-for': `10.1.0.${++addresses}` });
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.test`;
const purchaseUrl = (token: string) => `/api/registration-pages/${token}/purchase`;
const sessionOf = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop() as string);

/** A project selling « Inscription complète » (250,00 $, GST and QST, to buyers and exhibitors) with MAILLAGE20. */
async function cardProject() {
  const s = await projectOnSale(t, camille);
  const { db } = t.database;
  const [full] = await db
    .insert(payments)
    .values({
      companyId: s.companyId,
      projectId: s.project.id,
      nameFr: 'Inscription complète',
      nameEn: 'Full registration',
      priceCents: 25_000,
      quantity: 20,
      onSale: true,
      position: 20,
    })
    .returning();
  await db.insert(paymentRoles).values([
    { paymentId: full.id, roleId: s.roles.buyer.id },
    { paymentId: full.id, roleId: s.roles.exhibitor.id },
  ]);
  const taxRows = await db.select().from(paymentTaxes).where(eq(paymentTaxes.paymentId, s.paid.id));
  await db.insert(paymentTaxes).values(taxRows.map((row) => ({ paymentId: full.id, taxId: row.taxId })));
  const promo = await s.promo({ code: 'MAILLAGE20', paymentId: full.id, value: 20_000 });
  const field = await camille.post(`/api/projects/${s.project.id}/profile-fields`, {
    title: { fr: 'Allergies', en: 'Allergies' },
    inputType: 'text',
  });
  expect(field.status, JSON.stringify(field.body)).toBe(200);
  const token = await pageToken(camille, s.project.id);
  return { ...s, full, promo, fieldId: field.body.id as string, token };
}

const saleOf = async (email: string) =>
  (await t.database.db.select().from(paymentRequests).where(eq(paymentRequests.buyerEmail, email)))[0];
const soldOf = async (paymentId: string) =>
  (await t.database.db.select({ sold: payments.sold }).from(payments).where(eq(payments.id, paymentId)))[0]
    .sold;
const usesOf = async (promoId: string) =>
  (
    await t.database.db.select({ uses: promoCodes.uses }).from(promoCodes).where(eq(promoCodes.id, promoId))
  )[0].uses;
/** The participant a sale made: their role, own values, e-mail and job title. */
async function participantOf(id: string | null) {
  const [row] = await t.database.db
    .select({
      roleId: participants.roleId,
      profile: participants.profile,
      email: persons.email,
      jobTitle: persons.jobTitle,
    })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(eq(participants.id, id as string));
  return row;
}

/** The buyer's purchase of « Inscription complète » with MAILLAGE20, as an exhibitor, with their allergies typed. */
async function buy(s: Awaited<ReturnType<typeof cardProject>>, email: string, language: 'fr' | 'en' = 'fr') {
  const response = await (await visitor()).post(purchaseUrl(s.token), {
    ...newcomer(email, s.roles.exhibitor.id, [{ paymentId: s.full.id, promoCode: 'maillage20' }]),
    language,
    jobTitle: 'Acheteuse',
    profile: { [s.fieldId]: 'Arachides' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.status).toBe('checkout');
  return { url: response.body.url as string, sessionId: sessionOf(response.body.url) };
}

describe('a card sale on the public page, paid at the fake Stripe', () => {
  it('is priced as contracts/money.ts prices it, paid once, and completed with the form the buyer typed', async () => {
    const s = await cardProject();
    const email = unique('carte');
    const { url, sessionId } = await buy(s, email);
    expect(url.startsWith(stripe.url)).toBe(true);

    // The sale, before the card: pending, its sums those of lineTotals, the form kept, nobody written yet.
    const discount = promoDiscount(25_000, 'percent', 20_000);
    const expected = lineTotals(25_000, 1, discount, [{ rateMilli: 5000 }, { rateMilli: 9975 }]);
    expect(expected.totalCents).toBe(22_995);
    const pending = await saleOf(email);
    expect(pending).toMatchObject({
      status: 'pending',
      source: 'card',
      subtotalCents: 25_000,
      discountCents: 5000,
      taxCents: expected.taxCents,
      totalCents: 22_995,
      participantId: null,
      stripeSessionId: sessionId,
    });
    expect(pending.buyerForm).toMatchObject({
      roleId: s.roles.exhibitor.id,
      profile: { [s.fieldId]: 'Arachides' },
    });
    expect(await t.database.db.select().from(persons).where(eq(persons.email, email))).toEqual([]);
    const [item] = await t.database.db
      .select()
      .from(paymentRequestItems)
      .where(eq(paymentRequestItems.requestId, pending.id));
    expect(item).toMatchObject({ promoCode: 'MAILLAGE20', discountCents: 5000, totalCents: 22_995 });
    expect(item.taxes.map((tax) => [tax.nameFr, tax.amountCents])).toEqual([
      ['TPS', 1000],
      ['TVQ', 1995],
    ]);
    // The fake's Checkout Session asks for exactly that.
    expect(stripe.sessions.get(sessionId)).toMatchObject({ amount_total: 22_995, currency: 'cad' });

    // A declined card: still pending, nothing charged, no event sent.
    stripe.deliveries.length = 0;
    const charges = stripe.paymentIntents.size;
    expect(await stripe.pay(sessionId, DECLINED_CARD)).toMatchObject({ paid: false, status: 402 });
    expect((await saleOf(email)).status).toBe('pending');
    expect(stripe.sessions.get(sessionId)).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    expect(stripe.paymentIntents.size).toBe(charges);
    expect(stripe.deliveries).toEqual([]);

    // The card that pays: the webhook reaches the app and the sale is paid and completed.
    const paid = await stripe.pay(sessionId, PAYING_CARD);
    expect(paid).toMatchObject({ paid: true, delivery: { type: 'checkout.session.completed', status: 200 } });
    expect(paid.paid && paid.redirect).toBe(`${t.deps.config.publicUrl}/r/${s.token}?sale=paid`);
    const done = await saleOf(email);
    expect(done).toMatchObject({ status: 'paid', totalCents: 22_995, buyerForm: null });
    expect(done.paidAt).toBeInstanceOf(Date);
    expect(await participantOf(done.participantId)).toEqual({
      roleId: s.roles.exhibitor.id,
      profile: { [s.fieldId]: 'Arachides' },
      email,
      jobTitle: 'Acheteuse',
    });
    const mails = await t.database.db.select().from(mailMessages).where(eq(mailMessages.toEmail, email));
    expect(mails.map((m) => m.kind).sort()).toEqual(['invoice', 'registration']);
    expect(mails.find((m) => m.kind === 'registration')?.text).toContain(formatMoney(22_995, 'CAD', 'fr'));
    const invoice = mails.find((m) => m.kind === 'invoice');
    expect(invoice?.attachments).toHaveLength(1);
    expect(await t.database.db.select().from(bills).where(eq(bills.requestId, done.id))).toHaveLength(1);

    // The webhook again (Stripe retrying): nothing more.
    const again = stripe.events.get(paid.paid ? (paid.delivery?.eventId as string) : '');
    expect(await stripe.deliver(again)).toMatchObject({ status: 200 });
    expect(
      await t.database.db.select().from(mailMessages).where(eq(mailMessages.toEmail, email)),
    ).toHaveLength(2);
    expect(await t.database.db.select().from(bills).where(eq(bills.requestId, done.id))).toHaveLength(1);
  });

  it('forgets the form of a sale the buyer left: expired, its seat and code use given back', async () => {
    const s = await cardProject();
    const email = unique('partie');
    const { sessionId } = await buy(s, email, 'en');
    expect(await soldOf(s.full.id)).toBe(1);
    expect(await usesOf(s.promo.id)).toBe(1);
    expect((await stripe.expireSession(sessionId)).status).toBe(200);
    expect(await saleOf(email)).toMatchObject({ status: 'cancelled', buyerForm: null, participantId: null });
    expect(await soldOf(s.full.id)).toBe(0);
    expect(await usesOf(s.promo.id)).toBe(0);
    expect(await t.database.db.select().from(persons).where(eq(persons.email, email))).toEqual([]);
  });

  it('registers a buyer who paid even when the project made a field mandatory in the meantime', async () => {
    const s = await cardProject();
    const email = unique('regle');
    const { sessionId } = await buy(s, email);
    const later = await camille.post(`/api/projects/${s.project.id}/profile-fields`, {
      title: { fr: 'Taille de chandail', en: 'Shirt size' },
      inputType: 'text',
    });
    await camille.patch(`/api/projects/${s.project.id}/profile-fields/${later.body.id}`, {
      name: 'isMandatory',
      value: true,
    });
    const paid = await stripe.pay(sessionId, PAYING_CARD);
    expect(paid).toMatchObject({ paid: true, delivery: { status: 200 } });
    const done = await saleOf(email);
    expect(done).toMatchObject({ status: 'paid', buyerForm: null });
    expect(await participantOf(done.participantId)).toMatchObject({
      roleId: s.roles.exhibitor.id,
      profile: { [s.fieldId]: 'Arachides' },
      email,
    });
  });
});
