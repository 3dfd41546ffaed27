import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { REGISTRATION_PAGE_READS_PER_MINUTE } from '../../../contracts/registration';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, anonymous } from '../../../tests/support/test-app';
import {
  activityMembers,
  mailMessages,
  participants,
  paymentRequestItems,
  paymentRequests,
  payments,
  persons,
  promoCodes,
} from '../../db/schema';
import { completeSale } from './complete';
import { newcomer, pageToken, projectOnSale } from './fixtures';

// Each test buys from an address of its own (behind the trusted proxy), so the purchases' limit is one test's.
const { t, camille, jordan } = withTestApp({ env: { TRUST_PROXY: 'true' } });
let visitor: ApiClient;
let addresses = 0;
const fromNewAddress = (headers: Record<string, string> = {}) =>
  anonymous(t.app, { 'x-forwarded-for': `10.0.0.${++addresses}`, ...headers });
beforeEach(async () => {
  visitor = await fromNewAddress();
});

const api = (token: string, rest = '') => `/api/registration-pages/${token}${rest}`;
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.test`;

describe('the organiser’s address', () => {
  it('is made, closed, opened and replaced; the old address answers 404 at once', async () => {
    const { project } = await projectOnSale(t, camille);
    const url = `/api/projects/${project.id}/registration-page`;
    expect((await camille.get(url)).body).toEqual({ path: null, open: false, createdAt: null });
    const closing = await camille.put(`${url}/open`, { open: false });
    expect(closing.status).toBe(400);
    expect(closing.body.fields[0].field).toBe('open');

    const first = await pageToken(camille, project.id);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await camille.get(url)).body).toMatchObject({ path: `/r/${first}`, open: true });
    expect((await visitor.get(api(first))).status).toBe(200);

    expect((await camille.put(`${url}/open`, { open: false })).body.open).toBe(false);
    const closed = await visitor.get(api(first));
    expect(closed.status).toBe(410);
    expect(closed.body.title).toBe('Les inscriptions sont fermées pour l’instant.');
    await camille.put(`${url}/open`, { open: true });

    const second = await pageToken(camille, project.id);
    expect(second).not.toBe(first);
    expect((await visitor.get(api(first))).status).toBe(404);
    expect((await visitor.get(api(second))).status).toBe(200);
    expect((await visitor.get(api('x'))).status).toBe(404);
  });

  it('is the organiser’s company’s alone', async () => {
    const { project } = await projectOnSale(t, camille);
    const url = `/api/projects/${project.id}/registration-page`;
    expect((await jordan.get(url)).status).toBe(404);
    expect((await jordan.post(url)).status).toBe(404);
    expect((await jordan.put(`${url}/open`, { open: false })).status).toBe(404);
    expect((await visitor.get(url)).status).toBe(401);
  });
});

describe('the public page', () => {
  it('offers only what is on sale now, to the role chosen', async () => {
    const s = await projectOnSale(t, camille);
    const token = await pageToken(camille, s.project.id);
    const page = await visitor.get(api(token));
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body.project.name).toEqual({ fr: 'Salon B2B', en: 'B2B Fair' });
    expect(page.body.currency).toBe('CAD');
    expect(page.body.cardPayments).toBe(false);
    // Staff has no registration on sale: not a role one can choose.
    expect(page.body.roles.map((r: { name: { en: string } }) => r.name.en)).toEqual(['Buyer', 'Exhibitor']);
    const names = (body: { offers: { name: { en: string } }[] }) => body.offers.map((o) => o.name.en);
    expect(names(page.body)).toEqual(['Free registration', 'Exhibitor registration', 'Gala dinner']);

    const forBuyer = await visitor.get(`${api(token)}?roleId=${s.roles.buyer.id}`);
    expect(names(forBuyer.body)).toEqual(['Free registration', 'Gala dinner']);
    expect(forBuyer.body.offers[0]).toMatchObject({ remaining: 100, priceCents: 0, kind: 'registration' });
    const forExhibitor = await visitor.get(`${api(token)}?roleId=${s.roles.exhibitor.id}`);
    expect(forExhibitor.body.offers[0]).toMatchObject({
      name: { fr: 'Inscription exposant', en: 'Exhibitor registration' },
      priceCents: 10_000,
      taxes: [
        { name: { fr: 'TPS', en: 'GST' }, rateMilli: 5000 },
        { name: { fr: 'TVQ', en: 'QST' }, rateMilli: 9975 },
      ],
      remaining: null,
    });
    // Names and e-mail are always asked.
    expect(page.body.fields.slice(0, 3).map((f: { key: string }) => f.key)).toEqual([
      'firstName',
      'lastName',
      'email',
    ]);
  });

  it('registers a newcomer for free: participant with the role, activity membership, confirmation in the outbox', async () => {
    const s = await projectOnSale(t, camille);
    const token = await pageToken(camille, s.project.id);
    const email = unique('nadia');
    const bought = await visitor.post(
      api(token, '/purchase'),
      newcomer(email, s.roles.buyer.id, [{ paymentId: s.free.id }, { paymentId: s.gala.id }]),
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body).toEqual({ status: 'completed', url: null });

    const { db } = t.database;
    const [person] = await db.select().from(persons).where(eq(persons.email, email));
    expect(person).toMatchObject({ firstName: 'Nadia', lastName: 'Tremblay', organisation: 'Érable inc.' });
    const [participant] = await db
      .select()
      .from(participants)
      .where(and(eq(participants.personId, person.id), eq(participants.projectId, s.project.id)));
    expect(participant.roleId).toBe(s.roles.buyer.id);
    const members = await db
      .select()
      .from(activityMembers)
      .where(eq(activityMembers.participantId, participant.id));
    expect(members.map((m) => m.activityId)).toEqual([s.activity.id]);

    const [sale] = await db.select().from(paymentRequests).where(eq(paymentRequests.buyerEmail, email));
    expect(sale).toMatchObject({
      status: 'paid',
      source: 'free',
      totalCents: 0,
      participantId: participant.id,
      buyerName: 'Nadia Tremblay',
      language: 'fr',
    });
    const items = await db
      .select()
      .from(paymentRequestItems)
      .where(eq(paymentRequestItems.requestId, sale.id));
    expect(items.map((i) => [i.nameFr, i.participantId])).toEqual([
      ['Inscription gratuite', participant.id],
      ['Souper gala', participant.id],
    ]);
    const [free] = await db.select().from(payments).where(eq(payments.id, s.free.id));
    expect(free.sold).toBe(1);

    const mails = await db.select().from(mailMessages).where(eq(mailMessages.toEmail, email));
    const confirmation = mails.find((m) => m.kind === 'registration');
    expect(confirmation?.subject).toBe('Votre inscription à Salon B2B');
    expect(confirmation?.text).toContain('Inscription gratuite');
    expect(confirmation?.text).toContain('Souper gala');

    // The organiser sees them in the participant list.
    const list = await camille.get(`/api/projects/${s.project.id}/participants?q=Tremblay`);
    expect(list.body.items[0]).toMatchObject({ email, role: { id: s.roles.buyer.id } });
  });

  it('names the field of each validation error, and sells nothing then', async () => {
    const s = await projectOnSale(t, camille);
    const token = await pageToken(camille, s.project.id);
    const base = newcomer(unique('x'), s.roles.buyer.id, [{ paymentId: s.free.id }]);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: '' }, 'firstName', 'validation.required'],
      [{ email: 'nadia@' }, 'email', 'validation.email'],
      [{ items: [] }, 'items', 'validation.registration.nothingChosen'],
      [{ items: [{ paymentId: s.gala.id }] }, 'items', 'validation.registration.registrationRequired'],
      [{ items: [{ paymentId: s.offSale.id }] }, 'items.0.paymentId', 'validation.registration.notOnSale'],
      [{ items: [{ paymentId: s.later.id }] }, 'items.0.paymentId', 'validation.registration.notYetOpen'],
      [{ items: [{ paymentId: s.ended.id }] }, 'items.0.paymentId', 'validation.registration.closed'],
      [{ items: [{ paymentId: s.full.id }] }, 'items.0.paymentId', 'validation.registration.soldOut'],
      [{ items: [{ paymentId: s.paid.id }] }, 'items.0.paymentId', 'validation.registration.notForRole'],
    ];
    for (const [change, field, code] of cases) {
      const refused = await visitor.post(api(token, '/purchase'), { ...base, ...change });
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.body.fields[0]).toMatchObject({ field, code });
      expect(refused.body.fields[0].message).not.toBe(code);
    }
    const ended = await visitor.post(api(token, '/quote'), {
      roleId: s.roles.buyer.id,
      items: [{ paymentId: s.ended.id }],
    });
    expect(ended.body.fields[0].message).toBe('La vente de cet article est terminée.');
    const sales = await t.database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.projectId, s.project.id));
    expect(sales).toEqual([]);
  });

  it('follows the project’s profile fields (U5): a mandatory field of its own is required', async () => {
    const s = await projectOnSale(t, camille);
    const token = await pageToken(camille, s.project.id);
    const field = await camille.post(`/api/projects/${s.project.id}/profile-fields`, {
      title: { fr: 'Allergies', en: 'Allergies' },
      inputType: 'text',
    });
    expect(field.status, JSON.stringify(field.body)).toBe(200);
    await camille.patch(`/api/projects/${s.project.id}/profile-fields/${field.body.id}`, {
      name: 'isMandatory',
      value: true,
    });
    const page = await visitor.get(api(token));
    expect(page.body.fields.find((f: { key: string }) => f.key === field.body.id)).toMatchObject({
      title: { fr: 'Allergies', en: 'Allergies' },
      isMandatory: true,
    });
    const body = newcomer(unique('u5'), s.roles.buyer.id, [{ paymentId: s.free.id }]);
    const refused = await visitor.post(api(token, '/purchase'), body);
    expect(refused.status).toBe(400);
    expect(refused.body.fields[0]).toMatchObject({
      field: `profile.${field.body.id}`,
      code: 'validation.empty',
    });
    const ok = await visitor.post(api(token, '/purchase'), {
      ...body,
      profile: { [field.body.id]: 'Arachides' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [row] = await t.database.db
      .select({ profile: participants.profile })
      .from(participants)
      .innerJoin(persons, eq(persons.id, participants.personId))
      .where(eq(persons.email, body.email));
    expect(row.profile).toEqual({ [field.body.id]: 'Arachides' });
  });

  it('prices with the taxes and promo codes, refusing a code with its reason', async () => {
    const s = await projectOnSale(t, camille);
    const token = await pageToken(camille, s.project.id);
    const now = Date.now();
    await s.promo({ code: 'GALA', paymentId: s.gala.id });
    await s.promo({ code: 'EXPO25', paymentId: s.paid.id, kind: 'percent', value: 25_000 });
    const quote = (promoCode?: string) =>
      visitor.post(api(token, '/quote'), {
        roleId: s.roles.exhibitor.id,
        items: [{ paymentId: s.paid.id, promoCode }],
      });
    const plain = await quote();
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    // Revenu Québec: $100.00 → GST 5.00 + QST 9.98 = $114.98.
    expect(plain.body).toMatchObject({
      subtotalCents: 10_000,
      discountCents: 0,
      taxCents: 1498,
      totalCents: 11_498,
    });
    expect(plain.body.lines[0].taxes.map((tax: { amountCents: number }) => tax.amountCents)).toEqual([
      500, 998,
    ]);
    const discounted = await quote(' expo25 ');
    expect(discounted.body).toMatchObject({ discountCents: 2500, taxCents: 1123, totalCents: 8623 });
    expect(discounted.body.lines[0].promoCode).toBe('EXPO25');

    const { db } = t.database;
    const refusal = async (promoCode: string) => (await quote(promoCode)).body.fields?.[0];
    expect(await refusal('NOPE')).toMatchObject({
      field: 'items.0.promoCode',
      code: 'validation.registration.promo.unknown',
      message: 'Ce code promotionnel n’existe pas.',
    });
    expect((await refusal('GALA')).code).toBe('validation.registration.promo.otherPayment');
    await db
      .update(promoCodes)
      .set({ validFrom: new Date(now + s.day) })
      .where(eq(promoCodes.code, 'EXPO25'));
    expect((await refusal('EXPO25')).code).toBe('validation.registration.promo.notYetValid');
    await db
      .update(promoCodes)
      .set({ validFrom: null, validUntil: new Date(now - s.day) })
      .where(eq(promoCodes.code, 'EXPO25'));
    expect((await refusal('EXPO25')).code).toBe('validation.registration.promo.expired');
    await db
      .update(promoCodes)
      .set({ validUntil: null, maxUses: 3, uses: 3 })
      .where(eq(promoCodes.code, 'EXPO25'));
    expect((await refusal('EXPO25')).code).toBe('validation.registration.promo.usedUp');
  });

  it('refuses a paying registration without a card processor, charging nothing; a 100 % code makes it free', async () => {
    const s = await projectOnSale(t, camille);
    const token = await pageToken(camille, s.project.id);
    const email = unique('expo');
    const body = newcomer(email, s.roles.exhibitor.id, [{ paymentId: s.paid.id }]);
    const refused = await visitor.post(api(token, '/purchase'), body);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('registration.cardUnavailable');
    const { db } = t.database;
    expect((await db.select().from(payments).where(eq(payments.id, s.paid.id)))[0].sold).toBe(0);
    expect(await db.select().from(paymentRequests).where(eq(paymentRequests.buyerEmail, email))).toEqual([]);

    const promo = await s.promo({ code: `FREE${Date.now()}`, paymentId: s.paid.id, maxUses: 1 });
    const free = await visitor.post(api(token, '/purchase'), {
      ...body,
      items: [{ paymentId: s.paid.id, promoCode: promo.code.toLowerCase() }],
    });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    const [sale] = await db.select().from(paymentRequests).where(eq(paymentRequests.buyerEmail, email));
    expect(sale).toMatchObject({
      source: 'free',
      status: 'paid',
      subtotalCents: 10_000,
      discountCents: 10_000,
      totalCents: 0,
    });
    expect((await db.select().from(promoCodes).where(eq(promoCodes.id, promo.id)))[0].uses).toBe(1);
    const again = await visitor.post(api(token, '/purchase'), {
      ...newcomer(unique('expo2'), s.roles.exhibitor.id, []),
      items: [{ paymentId: s.paid.id, promoCode: promo.code }],
    });
    expect(again.body.fields[0]).toMatchObject({
      field: 'items.0.promoCode',
      code: 'validation.registration.promo.usedUp',
    });
  });

  it('completes a card sale once the processor confirmed it, and only once (the webhook’s call)', async () => {
    const s = await projectOnSale(t, camille);
    const { db } = t.database;
    const email = unique('carte');
    await db
      .insert(persons)
      .values({ companyId: s.companyId, email, firstName: 'Léa', lastName: 'Roy', language: 'en' });
    const [sale] = await db
      .insert(paymentRequests)
      .values({
        companyId: s.companyId,
        projectId: s.project.id,
        source: 'card',
        currency: 'CAD',
        buyerName: 'Léa Roy',
        buyerEmail: email,
        language: 'en',
        totalCents: 11_498,
      })
      .returning();
    await db.insert(paymentRequestItems).values([
      {
        requestId: sale.id,
        paymentId: s.paid.id,
        nameFr: 'Inscription exposant',
        nameEn: 'Exhibitor registration',
        unitPriceCents: 10_000,
        totalCents: 11_498,
      },
      {
        requestId: sale.id,
        paymentId: s.gala.id,
        nameFr: 'Souper gala',
        nameEn: 'Gala dinner',
        unitPriceCents: 0,
        totalCents: 0,
        position: 1,
      },
    ]);
    const complete = () => t.deps.db.transaction((tx) => completeSale(tx, t.deps, sale.id));
    // Still pending (the card not confirmed): nothing happens.
    await complete();
    expect(
      (await db.select().from(paymentRequests).where(eq(paymentRequests.id, sale.id)))[0].participantId,
    ).toBeNull();

    await db.update(paymentRequests).set({ status: 'paid' }).where(eq(paymentRequests.id, sale.id));
    await complete();
    await complete();
    const [done] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, sale.id));
    const [participant] = await db
      .select()
      .from(participants)
      .where(eq(participants.id, done.participantId as string));
    expect(participant.roleId).toBe(s.roles.exhibitor.id);
    expect(
      await db.select().from(activityMembers).where(eq(activityMembers.participantId, participant.id)),
    ).toHaveLength(1);
    const mails = await db.select().from(mailMessages).where(eq(mailMessages.toEmail, email));
    // The confirmation and the invoice (its PDF attached), in the buyer's language.
    expect(mails.map((m) => m.kind).sort()).toEqual(['invoice', 'registration']);
    const confirmation = mails.find((m) => m.kind === 'registration');
    expect(confirmation?.subject).toBe('Your registration to B2B Fair');
    expect(confirmation?.text).toContain('Total: $114.98');
    expect(mails.find((m) => m.kind === 'invoice')?.subject).toMatch(/^B2B Fair: your invoice no\. \d+$/);
  });

  it('reuses a participant already in the project: the gala bought later adds them to it', async () => {
    const s = await projectOnSale(t, camille);
    const token = await pageToken(camille, s.project.id);
    const email = unique('deja');
    const first = await visitor.post(
      api(token, '/purchase'),
      newcomer(email, s.roles.buyer.id, [{ paymentId: s.free.id }]),
    );
    expect(first.status).toBe(200);
    const second = await visitor.post(
      api(token, '/purchase'),
      newcomer(email, s.roles.buyer.id, [{ paymentId: s.free.id }, { paymentId: s.gala.id }]),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const { db } = t.database;
    const rows = await db
      .select({ id: participants.id })
      .from(participants)
      .innerJoin(persons, eq(persons.id, participants.personId))
      .where(and(eq(persons.email, email), eq(participants.projectId, s.project.id)));
    expect(rows).toHaveLength(1);
    expect(
      await db.select().from(activityMembers).where(eq(activityMembers.participantId, rows[0].id)),
    ).toHaveLength(1);
  });

  it('answers the English texts to an English browser', async () => {
    const s = await projectOnSale(t, camille);
    const token = await pageToken(camille, s.project.id);
    const english = await fromNewAddress({ 'accept-language': 'en-CA,en;q=0.9' });
    const refused = await english.post(api(token, '/quote'), {
      roleId: s.roles.buyer.id,
      items: [{ paymentId: s.full.id }],
    });
    expect(refused.body.fields[0].message).toBe('This item is sold out.');
  });
});

// Last: it spends the minute's allowance of this client address.
it('limits the reads of the public page per client address and minute (429)', async () => {
  const statuses: number[] = [];
  for (let i = 0; i <= REGISTRATION_PAGE_READS_PER_MINUTE; i++) {
    statuses.push((await visitor.get(api('A'.repeat(43)))).status);
  }
  expect(statuses.at(-1)).toBe(429);
});
