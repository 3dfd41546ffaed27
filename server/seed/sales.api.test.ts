import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../tests/support/api-fixture';
import {
  activities,
  bills,
  paymentRequests,
  payments,
  projects,
  promoCodes,
  refunds,
  salesSettings,
  taxes,
} from '../db/schema';
import { FIRST_DEMO_PROJECT } from './groups';

const { t } = withTestApp({ users: ['camille'] });
let project: typeof projects.$inferSelect;

beforeAll(async () => {
  [project] = await t.database.db.select().from(projects).where(eq(projects.nameFr, FIRST_DEMO_PROJECT));
});

describe('the demo sales', () => {
  it("has Québec's two taxes with their numbers, three registrations and a paid gala dinner, two promo codes", async () => {
    const db = t.database.db;
    const projectTaxes = await db
      .select()
      .from(taxes)
      .where(eq(taxes.projectId, project.id))
      .orderBy(taxes.position);
    expect(projectTaxes.map((x) => [x.nameEn, x.rateMilli, x.registrationNumber])).toEqual([
      ['GST', 5000, '123456789 RT0001'],
      ['QST', 9975, '1234567890 TQ0001'],
    ]);
    const [settings] = await db.select().from(salesSettings).where(eq(salesSettings.projectId, project.id));
    expect(settings.currency).toBe('CAD');
    const sold = await db
      .select()
      .from(payments)
      .where(eq(payments.projectId, project.id))
      .orderBy(payments.position);
    expect(sold.map((p) => p.kind)).toEqual(['registration', 'registration', 'registration', 'activity']);
    const [gala] = await db
      .select()
      .from(activities)
      .where(eq(activities.id, sold[3].activityId ?? ''));
    expect(gala.titleEn).toBe('Gala dinner');
    const codes = await db.select().from(promoCodes).where(eq(promoCodes.projectId, project.id));
    expect(codes).toHaveLength(2);
  });

  it('has 60 sales across the four tabs', async () => {
    const rows = await t.database.db
      .select({ status: paymentRequests.status, archived: paymentRequests.archived })
      .from(paymentRequests)
      .where(eq(paymentRequests.projectId, project.id));
    const tab = (status: string, archived = false) =>
      rows.filter((r) => r.archived === archived && (archived || r.status === status)).length;
    expect(rows).toHaveLength(60);
    expect([tab('paid'), tab('pending'), tab('courtesy'), tab('', true)]).toEqual([40, 8, 7, 5]);
  });

  it('has the worked partial refund ($189.71 back) and a full one, each with a credit note, bills numbered 1…N', async () => {
    const db = t.database.db;
    const projectRefunds = await db
      .select()
      .from(refunds)
      .where(eq(refunds.projectId, project.id))
      .orderBy(asc(refunds.createdAt));
    expect(projectRefunds.map((r) => [r.full, r.retainedCents, r.totalWithTaxesCents])).toEqual([
      [false, 3_500, 18_971],
      [true, 0, 17_246],
    ]);
    const notes = await db
      .select()
      .from(bills)
      .where(and(eq(bills.projectId, project.id), eq(bills.kind, 'credit_note')));
    expect(notes).toHaveLength(2);
    const numbers = (
      await db.select({ n: bills.number }).from(bills).where(eq(bills.companyId, project.companyId))
    )
      .map((b) => b.n)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });
});
