import { lineTotals, promoDiscount } from '../../../contracts/money';
import { normaliseCode, promoRefusal } from '../../../contracts/promo-rules';
import type { RegistrationChoice } from '../../../contracts/registration';
import { REGISTRATION_PAGE_TOKEN } from '../../../contracts/registration';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { itemsOfField, listFieldRows, listProjectItemRows } from '../profile-fields/repository';
import { findProject } from '../projects/repository';
import { salesPorts } from '../sales/ports';
import * as repo from './repository';

/**
 * The public registration page's reads (no session, the token is the key): what is on sale to whom, the profile
 * fields, and the summary of a choice. The purchase (./purchase.ts) checks the same again in its transaction.
 */

/** The standard fields the page asks for (the page's language is the buyer's; pictures and files are not asked). */
const PAGE_STANDARD_KEYS = [
  'firstName',
  'lastName',
  'email',
  'organisation',
  'jobTitle',
  'phone',
  'phonePro',
];
const LOCKED = ['firstName', 'lastName', 'email'];

/** The page this token opens: 404 when unknown or replaced (or not even a token), 410 when the organiser closed it. */
export async function pageOfToken(db: Executor, token: string) {
  const page = REGISTRATION_PAGE_TOKEN.test(token) ? await repo.findPageByToken(db, token) : undefined;
  if (!page) throw AppError.notFound();
  if (!page.open) throw new AppError('registration.pageClosed', 'gone');
  return page;
}

/** Why a payment cannot be bought now, or null: not on sale, not yet open, closed, sold out. */
export function unavailability(payment: repo.PaymentRow, now: Date, quantity = 1) {
  if (!payment.onSale) return 'notOnSale';
  if (payment.saleStartsAt && now < payment.saleStartsAt) return 'notYetOpen';
  if (payment.saleEndsAt && now > payment.saleEndsAt) return 'closed';
  if (payment.quantity !== null && payment.sold + quantity > payment.quantity) return 'soldOut';
  return null;
}

export async function readPage(deps: Deps, token: string, roleId: string | undefined) {
  const { db } = deps;
  const page = await pageOfToken(db, token);
  const project = await findProject(db, page.companyId, page.projectId);
  if (!project) throw AppError.notFound();
  const now = deps.now();
  const onSale = (await repo.listOnSale(db, project.id)).filter((p) => unavailability(p, now) === null);
  const ids = onSale.map((p) => p.id);
  const [taxRows, roleRows, withPromo, roles, fieldRows, itemRows, currency] = [
    await repo.taxesOf(db, ids),
    await repo.rolesOf(db, ids),
    await repo.paymentsWithPromo(db, ids),
    await repo.listRoles(db, project.id),
    await listFieldRows(db, page.companyId, project.id),
    await listProjectItemRows(db, page.companyId, project.id),
    await repo.currencyOf(db, project.id),
  ];
  const rolesOfPayment = (id: string) => roleRows.filter((r) => r.paymentId === id).map((r) => r.roleId);
  const sold = new Set(onSale.filter((p) => p.kind === 'registration').flatMap((p) => rolesOfPayment(p.id)));
  const offers = onSale
    .filter((p) => p.kind === 'activity' || !roleId || rolesOfPayment(p.id).includes(roleId))
    .filter((p) => p.kind === 'activity' || rolesOfPayment(p.id).length > 0)
    .map((p) => ({
      id: p.id,
      kind: p.kind as 'registration' | 'activity',
      name: { fr: p.nameFr, en: p.nameEn },
      description: { fr: p.descriptionFr, en: p.descriptionEn },
      priceCents: p.priceCents,
      taxes: taxRows
        .filter((t) => t.paymentId === p.id)
        .map((t) => ({ name: { fr: t.nameFr, en: t.nameEn }, rateMilli: t.rateMilli })),
      roleIds: p.kind === 'registration' ? rolesOfPayment(p.id) : [],
      remaining: p.quantity === null ? null : p.quantity - p.sold,
      promo: withPromo.has(p.id),
    }));
  const standard = PAGE_STANDARD_KEYS.map((key) => {
    const row = fieldRows.find((f) => f.standardKey === key);
    const locked = LOCKED.includes(key);
    return {
      key,
      standard: true,
      title: null,
      inputType: key.startsWith('phone') ? 'phone' : key === 'email' ? 'email' : 'text',
      isActive: locked || (row?.isActive ?? true),
      isMandatory: locked || (row?.isMandatory ?? false),
      position: row?.position ?? PAGE_STANDARD_KEYS.indexOf(key),
      items: [],
    };
  });
  const own = fieldRows
    .filter((f) => f.standardKey === null && f.isActive)
    .map((f) => ({
      key: f.id,
      standard: false,
      title: { fr: f.titleFr, en: f.titleEn },
      inputType: f.inputType,
      isActive: true,
      isMandatory: f.isMandatory,
      position: f.position,
      items: itemsOfField(itemRows, f.id),
    }));
  const fields = [...standard, ...own]
    .filter((f) => f.isActive)
    .sort((a, b) => a.position - b.position)
    .map(({ isActive: _a, position: _p, ...field }) => field);
  return {
    project: {
      name: { fr: project.nameFr, en: project.nameEn },
      languages: project.languages.filter((l): l is 'fr' | 'en' => l === 'fr' || l === 'en'),
      defaultLanguage: project.defaultLanguage === 'en' ? ('en' as const) : ('fr' as const),
      colours: {
        bannerBackground: project.bannerBackgroundColor,
        bannerText: project.bannerTextColor,
        background: project.homeBackgroundColor,
      },
      supportEmail: project.supportEmail,
    },
    currency,
    cardPayments: salesPorts(deps).createCheckout !== null,
    roles: roles
      .filter((r) => sold.has(r.id))
      .map((r) => ({ id: r.id, name: { fr: r.nameFr, en: r.nameEn } })),
    offers,
    fields,
  };
}

const itemField = (index: number, key: 'paymentId' | 'promoCode') => `items.${index}.${key}`;

/**
 * The lines of a choice, every rule checked (each broken one a field error naming the item): the payments are the
 * project's, on sale now, with a seat left; registrations are sold to the role chosen, one of them at least and at
 * most; each promo code applies to its payment now. Nothing is reserved here.
 */
export async function priceChoice(db: Executor, projectId: string, choice: RegistrationChoice, now: Date) {
  const ids = choice.items.map((item) => item.paymentId);
  const found = await repo.findPayments(db, projectId, ids);
  const roleRows = await repo.rolesOf(db, ids);
  const taxRows = await repo.taxesOf(db, ids);
  const seen = new Set<string>();
  type TaxRow = (typeof taxRows)[number];
  const lines: {
    payment: repo.PaymentRow;
    promo: NonNullable<Awaited<ReturnType<typeof repo.findPromo>>> | null;
    taxes: TaxRow[];
    totals: ReturnType<typeof lineTotals<TaxRow>>;
  }[] = [];
  for (const [index, item] of choice.items.entries()) {
    const payment = found.find((p) => p.id === item.paymentId);
    if (!payment) throw AppError.field(itemField(index, 'paymentId'), 'validation.registration.notOnSale');
    if (seen.has(payment.id)) {
      throw AppError.field(itemField(index, 'paymentId'), 'validation.registration.duplicate');
    }
    seen.add(payment.id);
    const refusal = unavailability(payment, now);
    if (refusal) throw AppError.field(itemField(index, 'paymentId'), `validation.registration.${refusal}`);
    if (
      payment.kind === 'registration' &&
      !roleRows.some((r) => r.paymentId === payment.id && r.roleId === choice.roleId)
    ) {
      throw AppError.field(itemField(index, 'paymentId'), 'validation.registration.notForRole');
    }
    let promo: Awaited<ReturnType<typeof repo.findPromo>> | undefined;
    const code = item.promoCode ? normaliseCode(item.promoCode) : '';
    if (code) {
      promo = await repo.findPromo(db, projectId, code);
      const reason = promoRefusal(promo ?? null, payment.id, now);
      if (reason)
        throw AppError.field(itemField(index, 'promoCode'), `validation.registration.promo.${reason}`);
    }
    const discount = promo
      ? promoDiscount(payment.priceCents, promo.kind as 'amount' | 'percent', promo.value)
      : 0;
    const taxes = taxRows.filter((t) => t.paymentId === payment.id);
    const totals = lineTotals(payment.priceCents, 1, discount, taxes);
    lines.push({ payment, promo: promo ?? null, taxes, totals });
  }
  const registrations = lines.filter((l) => l.payment.kind === 'registration').length;
  if (registrations === 0) throw AppError.field('items', 'validation.registration.registrationRequired');
  if (registrations > 1) throw AppError.field('items', 'validation.registration.oneRegistration');
  const sum = (pick: (l: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + pick(l), 0);
  return {
    lines,
    subtotalCents: sum((l) => l.totals.subtotalCents),
    discountCents: sum((l) => l.totals.discountCents),
    taxCents: sum((l) => l.totals.taxCents),
    totalCents: sum((l) => l.totals.totalCents),
  };
}

export type PricedChoice = Awaited<ReturnType<typeof priceChoice>>;

export async function quote(deps: Deps, token: string, choice: RegistrationChoice) {
  const page = await pageOfToken(deps.db, token);
  const priced = await priceChoice(deps.db, page.projectId, choice, deps.now());
  return {
    currency: await repo.currencyOf(deps.db, page.projectId),
    lines: priced.lines.map(({ payment, promo, totals }) => ({
      paymentId: payment.id,
      name: { fr: payment.nameFr, en: payment.nameEn },
      unitPriceCents: payment.priceCents,
      discountCents: totals.discountCents,
      promoCode: promo?.code ?? null,
      taxes: totals.taxes.map((t) => ({
        name: { fr: t.nameFr, en: t.nameEn },
        rateMilli: t.rateMilli,
        amountCents: t.amountCents,
      })),
      totalCents: totals.totalCents,
    })),
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    taxCents: priced.taxCents,
    totalCents: priced.totalCents,
  };
}
