import {
  PAYMENT_NAME_MAX,
  type PaymentKind,
  type PaymentOrder,
  type PaymentValues,
} from '../../../contracts/payments';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertProject } from '../activities/category-service';
import { describeInstant } from '../activities/local-time';
import { instantOf } from '../activities/service';
import { auditTrail, changedFields } from '../audit/record';
import { listRoles } from '../roles/repository';
import type { AuthContext } from '../session/auth-context';
import { listTaxes } from '../taxes/repository';
import { namesEachOnce } from './category-service';
import * as repo from './repository';

/** Issue 22: this module's changes in the audit log, in their transaction (docs/audit.md). */
const audit = auditTrail('payment');

/** R1: a project's payments (registrations and activity payments) and their ticketing. */

const named = (id: string | null, fr: string | null, en: string | null) =>
  id ? { id, name: { fr: fr ?? '', en: en ?? '' } } : null;

function presentSummary(row: repo.PaymentRow) {
  return {
    id: row.id,
    kind: row.kind as PaymentKind,
    name: { fr: row.nameFr, en: row.nameEn },
    category: named(row.categoryId, row.categoryNameFr, row.categoryNameEn),
    activity: named(row.activityId, row.activityTitleFr, row.activityTitleEn),
    priceCents: row.priceCents,
    position: row.position,
    onSale: row.onSale,
    saleStartsAt: row.saleStartsAt,
    saleEndsAt: row.saleEndsAt,
    quantity: row.quantity,
    sold: row.sold,
  };
}

async function loadList(db: Executor, auth: AuthContext, projectId: string) {
  // In turn: `db` is the transaction of a reorder as often as the pool.
  const rows = await repo.listPayments(db, auth.companyId, projectId);
  const categories = await repo.listCategories(db, auth.companyId, projectId);
  return {
    currency: await repo.currencyOf(db, auth.companyId, projectId),
    items: rows.map(presentSummary),
    categories: categories.map((c) => ({
      id: c.id,
      name: { fr: c.nameFr, en: c.nameEn },
      position: c.position,
    })),
  };
}

async function loadPayment(
  db: Executor,
  auth: AuthContext,
  projectId: string,
  paymentId: string,
  zone: string,
) {
  const row = await repo.findPayment(db, auth.companyId, projectId, paymentId);
  if (!row) throw AppError.notFound();
  const links = await repo.linksOf(db, paymentId);
  const start = row.saleStartsAt ? describeInstant(row.saleStartsAt, zone) : null;
  const end = row.saleEndsAt ? describeInstant(row.saleEndsAt, zone) : null;
  return {
    ...presentSummary(row),
    description: { fr: row.descriptionFr, en: row.descriptionEn },
    ...links,
    saleStartsAtLocal: start?.local ?? null,
    saleStartsAtOffset: start?.choice ?? null,
    saleEndsAtLocal: end?.local ?? null,
    saleEndsAtOffset: end?.choice ?? null,
    salesCount: await repo.salesCount(db, paymentId),
  };
}

export async function listPayments(deps: Deps, auth: AuthContext, projectId: string) {
  await assertProject(deps.db, auth, projectId);
  return loadList(deps.db, auth, projectId);
}

export async function getPayment(deps: Deps, auth: AuthContext, projectId: string, paymentId: string) {
  const project = await assertProject(deps.db, auth, projectId);
  return loadPayment(deps.db, auth, projectId, paymentId, project.timeZone);
}

/** Everything the panel's selects offer, in one call. */
export async function formOptions(deps: Deps, auth: AuthContext, projectId: string) {
  const project = await assertProject(deps.db, auth, projectId);
  const { companyId } = auth;
  const [currency, categories, activityRows, taxRows, roleRows] = await Promise.all([
    repo.currencyOf(deps.db, companyId, projectId),
    repo.listCategories(deps.db, companyId, projectId),
    repo.listActivities(deps.db, companyId, projectId),
    listTaxes(deps.db, companyId, projectId),
    listRoles(deps.db, companyId, projectId),
  ]);
  const ref = (r: { id: string; nameFr: string; nameEn: string }) => ({
    id: r.id,
    name: { fr: r.nameFr, en: r.nameEn },
  });
  return {
    currency,
    timeZone: project.timeZone,
    categories: categories.map(ref),
    activities: activityRows.map(ref),
    taxes: taxRows.map((r) => ({ ...ref(r), rateMilli: r.rateMilli })),
    roles: roleRows.map(ref),
  };
}

/** The input checked against the project (its categories, activities, taxes, roles, zone) and made a row. */
async function toRow(db: Executor, auth: AuthContext, projectId: string, zone: string, input: PaymentValues) {
  const { companyId } = auth;
  const checks = [
    ['categoryId', 'paymentCategories', input.categoryId ? [input.categoryId] : [], 'unknownCategory'],
    [
      'activityId',
      'activities',
      input.kind === 'activity' && input.activityId ? [input.activityId] : [],
      'unknownActivity',
    ],
    ['taxIds', 'taxes', input.taxIds, 'unknownTax'],
    ['roleIds', 'roles', input.roleIds, 'unknownRole'],
  ] as const;
  for (const [field, table, ids, code] of checks) {
    if (!(await repo.allInProject(db, table, companyId, projectId, ids))) {
      throw AppError.field(field, `validation.payments.${code}`);
    }
  }
  const saleStartsAt = input.saleStartsAt
    ? instantOf(input.saleStartsAt, zone, input.saleStartsAtOffset, 'saleStartsAt')
    : null;
  const saleEndsAt = input.saleEndsAt
    ? instantOf(input.saleEndsAt, zone, input.saleEndsAtOffset, 'saleEndsAt')
    : null;
  if (saleStartsAt && saleEndsAt && saleEndsAt <= saleStartsAt) {
    throw AppError.field('saleEndsAt', 'validation.payments.endBeforeStart');
  }
  const row: repo.PaymentWrite = {
    kind: input.kind,
    nameFr: input.name.fr,
    nameEn: input.name.en,
    descriptionFr: input.description.fr,
    descriptionEn: input.description.en,
    priceCents: input.priceCents,
    categoryId: input.categoryId,
    activityId: input.kind === 'activity' ? input.activityId : null,
    onSale: input.onSale,
    saleStartsAt,
    saleEndsAt,
    quantity: input.quantity,
  };
  return { row, links: { taxIds: [...new Set(input.taxIds)], roleIds: [...new Set(input.roleIds)] } };
}

export async function createPayment(deps: Deps, auth: AuthContext, projectId: string, input: PaymentValues) {
  return deps.db.transaction(async (tx) => {
    const project = await assertProject(tx, auth, projectId);
    const { row, links } = await toRow(tx, auth, projectId, project.timeZone, input);
    const id = await repo.insertPayment(tx, {
      ...row,
      companyId: auth.companyId,
      projectId,
      position: await repo.nextPaymentPosition(tx, projectId),
    });
    await repo.setLinks(tx, id, links);
    const made = await loadPayment(tx, auth, projectId, id, project.timeZone);
    await audit(tx, auth, { action: 'create', projectId, entityId: id, label: made.name.fr });
    return made;
  });
}

export async function updatePayment(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  paymentId: string,
  input: PaymentValues,
) {
  return deps.db.transaction(async (tx) => {
    const project = await assertProject(tx, auth, projectId);
    const locked = await repo.lockPayment(tx, projectId, paymentId);
    if (!locked) throw AppError.notFound();
    const before = await loadPayment(tx, auth, projectId, paymentId, project.timeZone);
    const { row, links } = await toRow(tx, auth, projectId, project.timeZone, input);
    if (row.quantity !== null && row.quantity !== undefined && row.quantity < locked.sold) {
      throw AppError.field('quantity', 'validation.payments.quantityBelowSold', { sold: locked.sold });
    }
    await repo.updatePayment(tx, paymentId, row);
    await repo.setLinks(tx, paymentId, links);
    const after = await loadPayment(tx, auth, projectId, paymentId, project.timeZone);
    const fields = changedFields(before, after);
    await audit(tx, auth, { action: 'update', projectId, entityId: paymentId, label: after.name.fr, fields });
    return after;
  });
}

/** A name with a suffix, the name cut so that the whole stays within the limit. */
const withSuffix = (name: string, suffix: string) =>
  `${name.slice(0, PAYMENT_NAME_MAX - suffix.length).trimEnd()}${suffix}`;

/** A copy: « (copie) » / "(copy)" after the names, nothing sold, off sale, the same taxes and roles; placed last. */
export async function copyPayment(deps: Deps, auth: AuthContext, projectId: string, paymentId: string) {
  return deps.db.transaction(async (tx) => {
    const project = await assertProject(tx, auth, projectId);
    const source = await repo.findPayment(tx, auth.companyId, projectId, paymentId);
    if (!source) throw AppError.notFound();
    const links = await repo.linksOf(tx, paymentId);
    const id = await repo.insertPayment(tx, {
      companyId: auth.companyId,
      projectId,
      position: await repo.nextPaymentPosition(tx, projectId),
      kind: source.kind,
      nameFr: withSuffix(source.nameFr, ' (copie)'),
      nameEn: withSuffix(source.nameEn, ' (copy)'),
      descriptionFr: source.descriptionFr,
      descriptionEn: source.descriptionEn,
      priceCents: source.priceCents,
      categoryId: source.categoryId,
      activityId: source.activityId,
      onSale: false,
      saleStartsAt: source.saleStartsAt,
      saleEndsAt: source.saleEndsAt,
      quantity: source.quantity,
    });
    await repo.setLinks(tx, id, links);
    const made = await loadPayment(tx, auth, projectId, id, project.timeZone);
    await audit(tx, auth, { action: 'create', projectId, entityId: id, label: made.name.fr });
    return made;
  });
}

/** A payment with sales stays (its bills name it): the organiser takes it off sale instead. */
export async function deletePayment(deps: Deps, auth: AuthContext, projectId: string, paymentId: string) {
  await deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    const gone = await repo.findPayment(tx, auth.companyId, projectId, paymentId);
    if (!gone) throw AppError.notFound();
    await repo.lockPayment(tx, projectId, paymentId);
    const sales = await repo.salesCount(tx, paymentId);
    if (sales > 0) throw new AppError('payments.hasSales', 'conflict', { params: { count: sales } });
    await repo.deletePayment(tx, projectId, paymentId);
    await audit(tx, auth, { action: 'delete', projectId, entityId: paymentId, label: gone.nameFr });
  });
  return { ok: true as const };
}

/**
 * P11: the whole order — every payment and every category of the project exactly once. A payment's place says its
 * category: one dragged into another category joins it. Positions run in reading order.
 */
export async function reorderPayments(deps: Deps, auth: AuthContext, projectId: string, order: PaymentOrder) {
  return deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    const paymentIds = new Set((await repo.listPayments(tx, auth.companyId, projectId)).map((p) => p.id));
    const categoryIds = new Set((await repo.listCategories(tx, auth.companyId, projectId)).map((c) => c.id));
    const placed = [
      ...order.items.map((id) => ({ id, categoryId: null as string | null })),
      ...order.categories.flatMap((c) => c.items.map((id) => ({ id, categoryId: c.id as string | null }))),
    ];
    const named = order.categories.map((c) => c.id);
    const valid =
      namesEachOnce(
        placed.map((p) => p.id),
        paymentIds,
      ) && namesEachOnce(named, categoryIds);
    if (!valid) throw new AppError('payments.orderMismatch', 'validation');
    await repo.placePayments(
      tx,
      projectId,
      placed.map((p, position) => ({ ...p, position })),
    );
    await repo.placeCategories(tx, projectId, named);
    return loadList(tx, auth, projectId);
  });
}
