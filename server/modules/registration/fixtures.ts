import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ApiClient, TestApp } from '../../../tests/support/test-app';
import { buildActivity, buildProject } from '../../../tests/support/test-app';
import { paymentRoles, payments, paymentTaxes, projects, promoCodes, roles, taxes } from '../../db/schema';

/** What the registration tests share: a project on sale, made straight in the database (the R1–R3 screens are others'). */

type PaymentRow = typeof payments.$inferInsert;

export async function projectOnSale(t: TestApp, camille: ApiClient) {
  const { db } = t.database;
  const project = await buildProject(camille, { nameFr: 'Salon B2B', nameEn: 'B2B Fair' });
  const [{ companyId }] = await db
    .select({ companyId: projects.companyId })
    .from(projects)
    .where(eq(projects.id, project.id));
  const own = { companyId, projectId: project.id };
  const [buyer, exhibitor, hidden] = await db
    .insert(roles)
    .values([
      { ...own, nameFr: 'Acheteur', nameEn: 'Buyer', position: 0 },
      { ...own, nameFr: 'Exposant', nameEn: 'Exhibitor', position: 1 },
      { ...own, nameFr: 'Personnel', nameEn: 'Staff', position: 2 },
    ])
    .returning();
  const [gst, qst] = await db
    .insert(taxes)
    .values([
      {
        ...own,
        nameFr: 'TPS',
        nameEn: 'GST',
        rateMilli: 5000,
        registrationNumber: '123456789 RT0001',
        position: 0,
      },
      {
        ...own,
        nameFr: 'TVQ',
        nameEn: 'QST',
        rateMilli: 9975,
        registrationNumber: '1234567890 TQ0001',
        position: 1,
      },
    ])
    .returning();
  const activity = await buildActivity(camille, project.id, {
    title: { fr: 'Souper gala', en: 'Gala dinner' },
  });
  let position = 0;
  const payment = async (
    values: Partial<PaymentRow> & { nameFr: string },
    roleIds: string[] = [],
    taxIds: string[] = [],
  ) => {
    const [row] = await db
      .insert(payments)
      .values({ ...own, nameEn: values.nameFr, onSale: true, position: position++, ...values })
      .returning();
    if (roleIds.length)
      await db.insert(paymentRoles).values(roleIds.map((roleId) => ({ paymentId: row.id, roleId })));
    if (taxIds.length)
      await db.insert(paymentTaxes).values(taxIds.map((taxId) => ({ paymentId: row.id, taxId })));
    return row;
  };
  const day = 86_400_000;
  const now = Date.now();
  const free = await payment({ nameFr: 'Inscription gratuite', nameEn: 'Free registration', quantity: 100 }, [
    buyer.id,
  ]);
  const paid = await payment(
    { nameFr: 'Inscription exposant', nameEn: 'Exhibitor registration', priceCents: 10_000 },
    [exhibitor.id],
    [gst.id, qst.id],
  );
  const gala = await payment({
    nameFr: 'Souper gala',
    nameEn: 'Gala dinner',
    kind: 'activity',
    activityId: activity.id,
    priceCents: 0,
  });
  const offSale = await payment({ nameFr: 'Hors vente', onSale: false }, [buyer.id]);
  const later = await payment({ nameFr: 'Plus tard', saleStartsAt: new Date(now + 10 * day) }, [buyer.id]);
  const ended = await payment({ nameFr: 'Terminée', saleEndsAt: new Date(now - day) }, [buyer.id]);
  const full = await payment({ nameFr: 'Complète', quantity: 2, sold: 2 }, [buyer.id]);
  const staffOnly = await payment({ nameFr: 'Personnel', onSale: false }, [hidden.id]);
  const promo = async (
    values: Partial<typeof promoCodes.$inferInsert> & { code: string; paymentId: string },
  ) => {
    const [row] = await db
      .insert(promoCodes)
      .values({ ...own, kind: 'percent', value: 100_000, ...values })
      .returning();
    return row;
  };
  return {
    project,
    companyId,
    roles: { buyer, exhibitor, hidden },
    activity,
    free,
    paid,
    gala,
    offSale,
    later,
    ended,
    full,
    staffOnly,
    promo,
    day,
  };
}

/** Makes the project's page address and answers its token. */
export async function pageToken(camille: ApiClient, projectId: string) {
  const made = await camille.post(`/api/projects/${projectId}/registration-page`);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return String(made.body.path).replace('/r/', '');
}

/** A newcomer's form, with the role and items given. */
export const newcomer = (
  email: string,
  roleId: string,
  items: { paymentId: string; promoCode?: string }[],
) => ({
  firstName: 'Nadia',
  lastName: 'Tremblay',
  email,
  organisation: 'Érable inc.',
  language: 'fr',
  profile: {},
  roleId,
  items,
});
