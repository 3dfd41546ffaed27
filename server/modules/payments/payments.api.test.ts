import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, anonymous, buildActivity, buildProject } from '../../../tests/support/test-app';
import { paymentRequestItems, paymentRequests, payments, projects, roles, taxes } from '../../db/schema';

const { t, camille, jordan } = withTestApp();

const base = (projectId: string) => `/api/projects/${projectId}`;
const paymentsUrl = (projectId: string) => `${base(projectId)}/payments`;
const paymentUrl = (projectId: string, paymentId: string) => `${paymentsUrl(projectId)}/${paymentId}`;

function paymentBody(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'registration',
    name: { fr: 'Inscription générale', en: 'General admission' },
    description: { fr: '', en: '' },
    priceCents: 25000,
    ...overrides,
  };
}

async function create(
  projectId: string,
  overrides: Record<string, unknown> = {},
  client: ApiClient = camille,
) {
  const response = await client.post(paymentsUrl(projectId), paymentBody(overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function addCategory(projectId: string, fr: string, client: ApiClient = camille) {
  const response = await client.post(`${base(projectId)}/payment-categories`, {
    name: { fr, en: `${fr} (en)` },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function list(projectId: string) {
  const response = await camille.get(paymentsUrl(projectId));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function companyOf(projectId: string) {
  const [project] = await t.deps.db.select().from(projects).where(eq(projects.id, projectId));
  return project.companyId;
}

/** A tax and a role written directly (their own modules are other helpers' work). */
async function addTaxAndRole(projectId: string) {
  const companyId = await companyOf(projectId);
  const [tax] = await t.deps.db
    .insert(taxes)
    .values({ companyId, projectId, nameFr: 'TPS', nameEn: 'GST', rateMilli: 5000 })
    .returning();
  const [role] = await t.deps.db
    .insert(roles)
    .values({ companyId, projectId, nameFr: 'Exposant', nameEn: 'Exhibitor' })
    .returning();
  return { tax, role };
}

/** A sale naming the payment, written directly as the registration module would. */
async function sellOne(projectId: string, paymentId: string) {
  const companyId = await companyOf(projectId);
  const [request] = await t.deps.db
    .insert(paymentRequests)
    .values({
      companyId,
      projectId,
      source: 'manual',
      currency: 'CAD',
      buyerName: 'Ana Roy',
      buyerEmail: 'ana@example.test',
      status: 'paid',
      totalCents: 25000,
    })
    .returning();
  await t.deps.db.insert(paymentRequestItems).values({
    requestId: request.id,
    paymentId,
    nameFr: 'Inscription',
    nameEn: 'Registration',
    unitPriceCents: 25000,
    totalCents: 25000,
  });
  await t.deps.db.update(payments).set({ sold: 1 }).where(eq(payments.id, paymentId));
}

const fieldsOf = (body: { fields?: { field: string; code: string }[] }) =>
  Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.code]));

describe('payments (R1)', () => {
  it('creates, reads and edits a payment with its taxes, roles and sale window in the project’s zone', async () => {
    const project = await buildProject(camille);
    const { tax, role } = await addTaxAndRole(project.id);
    const category = await addCategory(project.id, 'Inscriptions');
    const created = await create(project.id, {
      categoryId: category.id,
      taxIds: [tax.id],
      roleIds: [role.id],
      onSale: true,
      saleStartsAt: '2027-03-01T09:00',
      saleEndsAt: '2027-05-31T17:00',
      quantity: 200,
    });
    expect(created).toMatchObject({
      kind: 'registration',
      name: { fr: 'Inscription générale', en: 'General admission' },
      category: { id: category.id, name: { fr: 'Inscriptions' } },
      priceCents: 25000,
      onSale: true,
      quantity: 200,
      sold: 0,
      taxIds: [tax.id],
      roleIds: [role.id],
      saleStartsAtLocal: '2027-03-01T09:00',
      saleEndsAtLocal: '2027-05-31T17:00',
      // Toronto: EST in March, EDT at the end of May.
      saleStartsAt: '2027-03-01T14:00:00.000Z',
      saleEndsAt: '2027-05-31T21:00:00.000Z',
      salesCount: 0,
    });

    const edited = await camille.put(
      paymentUrl(project.id, created.id),
      paymentBody({ name: { fr: 'Tarif hâtif', en: 'Early bird' }, priceCents: 19999, quantity: null }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      name: { fr: 'Tarif hâtif', en: 'Early bird' },
      priceCents: 19999,
      quantity: null,
      category: null,
      taxIds: [],
      roleIds: [],
      onSale: false,
      saleStartsAt: null,
    });
    expect((await camille.get(paymentUrl(project.id, created.id))).body).toEqual(edited.body);

    const listed = await list(project.id);
    expect(listed.currency).toBe('CAD');
    expect(listed.items.map((p: { name: { fr: string } }) => p.name.fr)).toEqual(['Tarif hâtif']);
  });

  it('an activity payment needs an activity of the same project', async () => {
    const project = await buildProject(camille);
    const activity = await buildActivity(camille, project.id, {
      title: { fr: 'Souper gala', en: 'Gala dinner' },
    });
    const missing = await camille.post(paymentsUrl(project.id), paymentBody({ kind: 'activity' }));
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.body)).toEqual({ activityId: 'validation.payments.activityRequired' });

    const elsewhere = await buildActivity(camille, (await buildProject(camille)).id);
    const foreign = await camille.post(
      paymentsUrl(project.id),
      paymentBody({ kind: 'activity', activityId: elsewhere.id }),
    );
    expect(fieldsOf(foreign.body)).toEqual({ activityId: 'validation.payments.unknownActivity' });

    const gala = await create(project.id, { kind: 'activity', activityId: activity.id });
    expect(gala.activity).toEqual({ id: activity.id, name: { fr: 'Souper gala', en: 'Gala dinner' } });
    // A registration carries no activity, whatever is sent.
    const registration = await create(project.id, { activityId: activity.id });
    expect(registration.activity).toBeNull();
  });

  it('refuses bad input naming the field, in the caller’s language', async () => {
    const project = await buildProject(camille);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: { fr: '', en: 'x' } }, { 'name.fr': 'validation.required', 'name.en': 'validation.required' }],
      [{ priceCents: -1 }, { priceCents: 'validation.payments.price' }],
      [{ priceCents: 12.5 }, { priceCents: 'validation.payments.price' }],
      [{ priceCents: 1_000_000_001 }, { priceCents: 'validation.payments.price' }],
      [{ quantity: -3 }, { quantity: 'validation.payments.quantity' }],
      [{ kind: 'gift' }, { kind: 'validation.payments.kind' }],
      [
        { saleStartsAt: '2027-03-02T09:00', saleEndsAt: '2027-03-01T09:00' },
        { saleEndsAt: 'validation.payments.endBeforeStart' },
      ],
      [{ saleStartsAt: '2027-03-14T02:30' }, { saleStartsAt: 'validation.activities.nonexistentTime' }],
      [{ categoryId: randomUUID() }, { categoryId: 'validation.payments.unknownCategory' }],
      [{ taxIds: [randomUUID()] }, { taxIds: 'validation.payments.unknownTax' }],
      [{ roleIds: [randomUUID()] }, { roleIds: 'validation.payments.unknownRole' }],
    ];
    for (const [overrides, expected] of cases) {
      const response = await camille.post(paymentsUrl(project.id), paymentBody(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(fieldsOf(response.body), JSON.stringify(overrides)).toEqual(expected);
    }
    const french = await camille.post(paymentsUrl(project.id), paymentBody({ priceCents: -1 }));
    expect(french.body.fields[0].message).toMatch(/Inscrivez un montant/);
    const jordanProject = await buildProject(jordan);
    const english = await jordan.post(
      paymentsUrl(jordanProject.id),
      paymentBody({ saleStartsAt: '2027-03-02T09:00', saleEndsAt: '2027-03-02T08:00' }),
    );
    expect(english.body.fields[0].message).toBe('The end of the sale must come after its start.');
    expect((await list(project.id)).items).toEqual([]);
  });

  it('refuses a quantity below what is sold, naming the field', async () => {
    const project = await buildProject(camille);
    const sold = await create(project.id, { quantity: 10 });
    await sellOne(project.id, sold.id);
    const below = await camille.put(paymentUrl(project.id, sold.id), paymentBody({ quantity: 0 }));
    expect(below.status).toBe(400);
    expect(below.body.fields).toEqual([
      {
        field: 'quantity',
        code: 'validation.payments.quantityBelowSold',
        message: '1 déjà vendus : la quantité ne peut pas être plus petite.',
      },
    ]);
    const exact = await camille.put(paymentUrl(project.id, sold.id), paymentBody({ quantity: 1 }));
    expect(exact.body).toMatchObject({ quantity: 1, sold: 1 });
  });

  it('copies a payment: names marked, nothing sold, off sale, same taxes and roles, placed last', async () => {
    const project = await buildProject(camille);
    const { tax, role } = await addTaxAndRole(project.id);
    const original = await create(project.id, {
      taxIds: [tax.id],
      roleIds: [role.id],
      onSale: true,
      quantity: 50,
      saleStartsAt: '2027-03-01T09:00',
    });
    await sellOne(project.id, original.id);
    const other = await create(project.id, { name: { fr: 'Exposant', en: 'Exhibitor' } });
    const copy = await camille.post(`${paymentUrl(project.id, original.id)}/copy`);
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body).toMatchObject({
      name: { fr: 'Inscription générale (copie)', en: 'General admission (copy)' },
      priceCents: 25000,
      sold: 0,
      onSale: false,
      quantity: 50,
      taxIds: [tax.id],
      roleIds: [role.id],
      saleStartsAtLocal: '2027-03-01T09:00',
      salesCount: 0,
    });
    expect(copy.body.id).not.toBe(original.id);
    expect((await list(project.id)).items.map((p: { id: string }) => p.id)).toEqual([
      original.id,
      other.id,
      copy.body.id,
    ]);
  });

  it('deletes a payment, confirmed by the screen; one with sales is refused with a clear sentence', async () => {
    const project = await buildProject(camille);
    const unsold = await create(project.id);
    const sold = await create(project.id, { name: { fr: 'Vendu', en: 'Sold' } });
    await sellOne(project.id, sold.id);

    expect((await camille.get(paymentUrl(project.id, sold.id))).body.salesCount).toBe(1);
    const refused = await camille.delete(paymentUrl(project.id, sold.id));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'payments.hasSales',
      title: 'Ce paiement a déjà 1 vente : il ne peut pas être supprimé. Retirez-le plutôt de la vente.',
    });
    expect((await camille.delete(paymentUrl(project.id, unsold.id))).status).toBe(200);
    expect((await list(project.id)).items.map((p: { id: string }) => p.id)).toEqual([sold.id]);
    expect((await camille.delete(paymentUrl(project.id, unsold.id))).status).toBe(404);
  });

  it('saves the order, a payment dropped in a category joining it', async () => {
    const project = await buildProject(camille);
    const first = await create(project.id, { name: { fr: 'Premier', en: 'First' } });
    const second = await create(project.id, { name: { fr: 'Deuxième', en: 'Second' } });
    const third = await create(project.id, { name: { fr: 'Troisième', en: 'Third' } });
    const vip = await addCategory(project.id, 'VIP');
    const basic = await addCategory(project.id, 'Base');

    const order = {
      items: [third.id],
      categories: [
        { id: basic.id, items: [second.id] },
        { id: vip.id, items: [first.id] },
      ],
    };
    const saved = await camille.put(`${base(project.id)}/payment-order`, order);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(
      saved.body.items.map((p: { id: string; category: { id: string } | null }) => [
        p.id,
        p.category?.id ?? null,
      ]),
    ).toEqual([
      [third.id, null],
      [second.id, basic.id],
      [first.id, vip.id],
    ]);
    expect(saved.body.categories.map((c: { id: string }) => c.id)).toEqual([basic.id, vip.id]);

    for (const wrong of [
      { items: [third.id], categories: order.categories.slice(0, 1) },
      { items: [third.id, third.id], categories: order.categories },
      { items: [third.id, randomUUID()], categories: order.categories },
    ]) {
      const refused = await camille.put(`${base(project.id)}/payment-order`, wrong);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('payments.orderMismatch');
    }
  });

  it('offers the project’s categories, activities, taxes and roles in one call', async () => {
    const project = await buildProject(camille);
    const { tax, role } = await addTaxAndRole(project.id);
    const activity = await buildActivity(camille, project.id, { title: { fr: 'Souper', en: 'Dinner' } });
    const category = await addCategory(project.id, 'Repas');
    const response = await camille.get(`${base(project.id)}/payment-form-options`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      currency: 'CAD',
      timeZone: 'America/Toronto',
      categories: [{ id: category.id, name: { fr: 'Repas', en: 'Repas (en)' } }],
      activities: [{ id: activity.id, name: { fr: 'Souper', en: 'Dinner' } }],
      taxes: [{ id: tax.id, name: { fr: 'TPS', en: 'GST' }, rateMilli: 5000 }],
      roles: [{ id: role.id, name: { fr: 'Exposant', en: 'Exhibitor' } }],
    });
  });

  it('another company’s project and payments are not found; without a session, 401', async () => {
    const project = await buildProject(camille);
    const payment = await create(project.id);
    const category = await addCategory(project.id, 'Privée');
    const urls = [
      ['get', paymentsUrl(project.id)],
      ['get', paymentUrl(project.id, payment.id)],
      ['get', `${base(project.id)}/payment-form-options`],
      ['put', paymentUrl(project.id, payment.id), paymentBody()],
      ['post', `${paymentUrl(project.id, payment.id)}/copy`],
      ['delete', paymentUrl(project.id, payment.id)],
      ['delete', `${base(project.id)}/payment-categories/${category.id}`],
    ] as const;
    for (const [method, url, body] of urls) {
      expect((await jordan[method](url, body)).status, `${method} ${url}`).toBe(404);
    }
    // Jordan's own project does not reach Camille's payment either.
    const jordanProject = await buildProject(jordan);
    expect((await jordan.get(paymentUrl(jordanProject.id, payment.id))).status).toBe(404);
    const jordanCategory = await addCategory(jordanProject.id, 'Autre', jordan);
    const crossed = await camille.post(
      paymentsUrl(project.id),
      paymentBody({ categoryId: jordanCategory.id }),
    );
    expect(fieldsOf(crossed.body)).toEqual({ categoryId: 'validation.payments.unknownCategory' });
    expect((await (await anonymous(t.app)).get(paymentsUrl(project.id))).status).toBe(401);
    expect((await camille.get(paymentUrl(project.id, payment.id))).body.name.fr).toBe('Inscription générale');
  });
});

describe('payment categories (R1)', () => {
  it('lists, creates, renames, orders and deletes; its payments stay without a category', async () => {
    const project = await buildProject(camille);
    const meals = await addCategory(project.id, 'Repas');
    const passes = await addCategory(project.id, 'Laissez-passer');
    const payment = await create(project.id, { categoryId: meals.id });
    const url = `${base(project.id)}/payment-categories`;

    const renamed = await camille.put(`${url}/${meals.id}`, {
      name: { fr: 'Repas et soirées', en: 'Meals' },
    });
    expect(renamed.body).toEqual({
      id: meals.id,
      name: { fr: 'Repas et soirées', en: 'Meals' },
      position: 0,
      paymentCount: 1,
    });
    const bad = await camille.put(`${url}/${meals.id}`, { name: { fr: 'R', en: '<b></b>' } });
    expect(fieldsOf(bad.body)).toEqual({
      'name.fr': 'validation.required',
      'name.en': 'validation.required',
    });

    const ordered = await camille.put(`${base(project.id)}/payment-category-order`, {
      ids: [passes.id, meals.id],
    });
    expect(ordered.body.items.map((c: { id: string }) => c.id)).toEqual([passes.id, meals.id]);
    const mismatch = await camille.put(`${base(project.id)}/payment-category-order`, { ids: [passes.id] });
    expect(mismatch.body.code).toBe('payments.categoryOrderMismatch');

    expect((await camille.delete(`${url}/${meals.id}`)).status).toBe(200);
    expect((await camille.get(url)).body.items.map((c: { id: string }) => c.id)).toEqual([passes.id]);
    expect((await camille.get(paymentUrl(project.id, payment.id))).body.category).toBeNull();
  });
});
