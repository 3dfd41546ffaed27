import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { buildProject, insertParticipants } from '../../../tests/support/test-app';
import { GST, insertPayment, insertSale, QST, soldOf } from './fixtures';

const { t, camille, jordan } = withTestApp();

const salesUrl = (projectId: string, rest = '') => `/api/projects/${projectId}/sales${rest}`;

async function listIds(projectId: string, query: string) {
  const response = await camille.get(salesUrl(projectId, `?${query}`));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items.map((s: { id: string }) => s.id);
}

describe('the sales list (S1)', () => {
  it('shows each tab’s sales: paid, pending, courtesy, and the archived of any status', async () => {
    const project = await buildProject(camille);
    const db = t.database.db;
    const paid = (await insertSale(db, project.id, { status: 'paid' })).sale;
    const pending = (await insertSale(db, project.id, { status: 'pending' })).sale;
    const courtesy = (await insertSale(db, project.id, { status: 'courtesy' })).sale;
    const archivedPaid = (await insertSale(db, project.id, { status: 'paid', archived: true })).sale;
    const archivedPending = (await insertSale(db, project.id, { status: 'pending', archived: true })).sale;
    await insertSale(db, project.id, { status: 'cancelled' });

    expect(await listIds(project.id, 'tab=sales')).toEqual([paid.id]);
    expect(await listIds(project.id, 'tab=pending')).toEqual([pending.id]);
    expect(await listIds(project.id, 'tab=courtesy')).toEqual([courtesy.id]);
    expect((await listIds(project.id, 'tab=archive')).sort()).toEqual(
      [archivedPaid.id, archivedPending.id].sort(),
    );
    // The sales tab is the default.
    expect(await listIds(project.id, '')).toEqual([paid.id]);
  });

  it('answers each row with its buyer, items, total, refunded, status and source', async () => {
    const project = await buildProject(camille);
    await insertSale(t.database.db, project.id, {
      buyerName: 'Hélène Côté',
      buyerEmail: 'helene@erable.test',
      buyerOrganisation: 'Érable inc.',
      source: 'card',
      lines: [
        { name: 'Inscription', unitPriceCents: 25_000, discountCents: 5_000, taxes: [GST, QST] },
        { name: 'Souper gala', unitPriceCents: 10_000, quantity: 2, taxes: [GST, QST] },
      ],
    });
    const response = await camille.get(salesUrl(project.id));
    expect(response.body.total).toBe(1);
    const [row] = response.body.items;
    expect(row).toMatchObject({
      buyer: { name: 'Hélène Côté', email: 'helene@erable.test', organisation: 'Érable inc.' },
      items: [
        { name: { fr: 'Inscription' }, quantity: 1 },
        { name: { fr: 'Souper gala' }, quantity: 2 },
      ],
      currency: 'CAD',
      // 200.00 + 10.00 + 19.95, and 200.00 + 10.00 + 19.95.
      totalCents: 45_990,
      refundedCents: 0,
      status: 'paid',
      source: 'card',
    });
  });

  it('searches the buyer’s name, e-mail and organisation, accents and case ignored', async () => {
    const project = await buildProject(camille);
    const db = t.database.db;
    const helene = (
      await insertSale(db, project.id, { buyerName: 'Hélène Côté', buyerOrganisation: 'Boréal' })
    ).sale;
    const marc = (await insertSale(db, project.id, { buyerName: 'Marc Roy', buyerEmail: 'marc@erable.test' }))
      .sale;
    expect(await listIds(project.id, 'q=helene%20cote')).toEqual([helene.id]);
    expect(await listIds(project.id, 'q=BOREAL')).toEqual([helene.id]);
    expect(await listIds(project.id, 'q=erable.test')).toEqual([marc.id]);
    expect(await listIds(project.id, 'q=personne')).toEqual([]);
  });

  it('sorts by total, buyer and date (newest first by default) and pages', async () => {
    const project = await buildProject(camille);
    const db = t.database.db;
    const a = (
      await insertSale(db, project.id, {
        buyerName: 'Émile',
        createdAt: new Date('2027-01-01T10:00:00Z'),
        lines: [{ unitPriceCents: 300 }],
      })
    ).sale;
    const b = (
      await insertSale(db, project.id, {
        buyerName: 'Denise',
        createdAt: new Date('2027-01-03T10:00:00Z'),
        lines: [{ unitPriceCents: 100 }],
      })
    ).sale;
    const c = (
      await insertSale(db, project.id, {
        buyerName: 'Fanny',
        createdAt: new Date('2027-01-02T10:00:00Z'),
        lines: [{ unitPriceCents: 200 }],
      })
    ).sale;
    expect(await listIds(project.id, '')).toEqual([b.id, c.id, a.id]);
    expect(await listIds(project.id, 'sort=total&dir=asc')).toEqual([b.id, c.id, a.id]);
    expect(await listIds(project.id, 'sort=total&dir=desc')).toEqual([a.id, c.id, b.id]);
    expect(await listIds(project.id, 'sort=buyer&dir=asc')).toEqual([b.id, a.id, c.id]);
    const page = await camille.get(salesUrl(project.id, '?sort=total&pageSize=25&page=2'));
    expect(page.body).toMatchObject({ items: [], total: 3, page: 2 });
  });
});

describe('archive and unarchive (S1, spec §4)', () => {
  it('moves the sale to the archive tab and back to its status’s tab', async () => {
    const project = await buildProject(camille);
    const { sale } = await insertSale(t.database.db, project.id, { status: 'pending' });
    const archived = await camille.post(salesUrl(project.id, `/${sale.id}/archive`), { archived: true });
    expect(archived.status).toBe(200);
    expect(archived.body.archived).toBe(true);
    expect(await listIds(project.id, 'tab=pending')).toEqual([]);
    expect(await listIds(project.id, 'tab=archive')).toEqual([sale.id]);
    await camille.post(salesUrl(project.id, `/${sale.id}/archive`), { archived: false });
    expect(await listIds(project.id, 'tab=pending')).toEqual([sale.id]);
    expect(await listIds(project.id, 'tab=archive')).toEqual([]);
  });
});

describe('editing a sale (S1)', () => {
  it('recomputes a pending sale’s items and sums on the taxes the items were charged', async () => {
    const project = await buildProject(camille);
    const payment = await insertPayment(t.database.db, project.id, { quantity: 10, sold: 1 });
    const { sale, items } = await insertSale(t.database.db, project.id, {
      status: 'pending',
      lines: [{ unitPriceCents: 10_000, taxes: [GST, QST], paymentId: payment.id }],
    });
    const response = await camille.put(salesUrl(project.id, `/${sale.id}`), {
      buyer: { name: 'Léa Tremblay', email: 'LEA@example.test', organisation: 'Nordet', language: 'en' },
      items: [{ id: items[0].id, quantity: 2, unitPrice: '125,00', discount: '50' }],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // 2 × 125.00 − 50.00 = 200.00; GST 10.00; QST 19.95.
    expect(response.body).toMatchObject({
      buyer: { name: 'Léa Tremblay', email: 'lea@example.test', organisation: 'Nordet' },
      language: 'en',
      subtotalCents: 25_000,
      discountCents: 5_000,
      taxCents: 2_995,
      totalCents: 22_995,
      items: [
        {
          quantity: 2,
          unitPriceCents: 12_500,
          discountCents: 5_000,
          totalCents: 22_995,
          taxes: [
            { name: { fr: 'TPS' }, amountCents: 1_000 },
            { name: { fr: 'TVQ' }, amountCents: 1_995 },
          ],
        },
      ],
    });
    // One more seat is taken by the second unit.
    expect(await soldOf(t.database.db, payment.id)).toBe(2);
  });

  it('edits a paid sale’s buyer but refuses to change its money, naming the field', async () => {
    const project = await buildProject(camille);
    const { sale, items } = await insertSale(t.database.db, project.id, { status: 'paid' });
    const buyer = { name: 'Nouveau Nom', email: 'nouveau@example.test', organisation: '', language: 'fr' };
    const refused = await camille.put(salesUrl(project.id, `/${sale.id}`), {
      buyer,
      items: [{ id: items[0].id, quantity: 1, unitPrice: '1,00', discount: '0' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields[0]).toMatchObject({
      field: 'items.0.unitPrice',
      code: 'validation.sales.paidLocked',
    });
    const renamed = await camille.put(salesUrl(project.id, `/${sale.id}`), { buyer, items: [] });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ buyer: { name: 'Nouveau Nom' }, totalCents: 11_498 });
  });

  it('refuses an amount that is not one, and a discount above the price, under their fields', async () => {
    const project = await buildProject(camille);
    const { sale, items } = await insertSale(t.database.db, project.id, { status: 'pending' });
    const buyer = { name: 'Léa', email: 'lea@example.test', organisation: '', language: 'fr' };
    const bad = await camille.put(salesUrl(project.id, `/${sale.id}`), {
      buyer,
      items: [{ id: items[0].id, quantity: 1, unitPrice: 'douze', discount: '0' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([
      expect.objectContaining({ field: 'items.0.unitPrice', code: 'validation.sales.amount' }),
    ]);
    const above = await camille.put(salesUrl(project.id, `/${sale.id}`), {
      buyer,
      items: [{ id: items[0].id, quantity: 1, unitPrice: '10', discount: '10,01' }],
    });
    expect(above.status).toBe(400);
    expect(above.body.fields[0].field).toBe('items.0.discount');
  });
});

describe('courtesy sales (S1)', () => {
  it('gives payments to a participant of the project: total 0, in the courtesy tab, a seat taken each', async () => {
    const project = await buildProject(camille);
    const [ana] = await insertParticipants(t.database.db, project.id, [
      { first: 'Ana', last: 'Roy', email: 'ana.roy@example.test', organisation: 'Érable inc.' },
    ]);
    const payment = await insertPayment(t.database.db, project.id, { priceCents: 25_000, quantity: 1 });
    const response = await camille.post(salesUrl(project.id, '/courtesy'), {
      participantId: ana,
      paymentIds: [payment.id],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      status: 'courtesy',
      source: 'courtesy',
      participantId: ana,
      buyer: { name: 'Ana Roy', email: 'ana.roy@example.test', organisation: 'Érable inc.' },
      subtotalCents: 25_000,
      discountCents: 25_000,
      totalCents: 0,
      items: [{ name: { fr: 'Inscription générale' }, unitPriceCents: 25_000, totalCents: 0 }],
    });
    expect(await listIds(project.id, 'tab=courtesy')).toEqual([response.body.id]);
    expect(await soldOf(t.database.db, payment.id)).toBe(1);
    // The last seat is gone: a second one is refused under the field.
    const again = await camille.post(salesUrl(project.id, '/courtesy'), {
      participantId: ana,
      paymentIds: [payment.id],
    });
    expect(again.status).toBe(400);
    expect(again.body.fields[0]).toMatchObject({ field: 'paymentIds.0', code: 'validation.sales.soldOut' });
  });

  it('offers the project’s payments with their price and the seats left', async () => {
    const project = await buildProject(camille);
    const limited = await insertPayment(t.database.db, project.id, {
      priceCents: 9_500,
      quantity: 10,
      sold: 3,
    });
    const open = await insertPayment(t.database.db, project.id, { priceCents: 0, name: 'Visiteur' });
    const response = await camille.get(salesUrl(project.id, '/courtesy/payments'));
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual(
      expect.arrayContaining([
        {
          id: limited.id,
          name: { fr: 'Inscription générale', en: 'General registration' },
          priceCents: 9_500,
          left: 7,
        },
        { id: open.id, name: { fr: 'Visiteur', en: 'Visiteur' }, priceCents: 0, left: null },
      ]),
    );
    expect((await jordan.get(salesUrl(project.id, '/courtesy/payments'))).status).toBe(404);
  });

  it('refuses a participant of another project', async () => {
    const project = await buildProject(camille);
    const other = await buildProject(camille);
    const [ana] = await insertParticipants(t.database.db, other.id, [{ first: 'Ana', last: 'Roy' }]);
    const payment = await insertPayment(t.database.db, project.id);
    const response = await camille.post(salesUrl(project.id, '/courtesy'), {
      participantId: ana,
      paymentIds: [payment.id],
    });
    expect(response.status).toBe(400);
    expect(response.body.fields[0].field).toBe('participantId');
  });
});

describe('scoping', () => {
  it('hides a company’s sales from another company: list, detail, archive, edit and refund answer 404', async () => {
    const project = await buildProject(camille);
    const { sale } = await insertSale(t.database.db, project.id);
    expect((await jordan.get(salesUrl(project.id))).status).toBe(404);
    expect((await jordan.get(salesUrl(project.id, `/${sale.id}`))).status).toBe(404);
    expect((await jordan.post(salesUrl(project.id, `/${sale.id}/archive`), { archived: true })).status).toBe(
      404,
    );
    const refund = await jordan.post(salesUrl(project.id, `/${sale.id}/refunds`), {
      itemId: null,
      full: true,
      idempotencyKey: crypto.randomUUID(),
    });
    expect(refund.status).toBe(404);
    // Another project of the same company does not reach it either.
    const other = await buildProject(camille);
    expect((await camille.get(salesUrl(other.id, `/${sale.id}`))).status).toBe(404);
    expect((await camille.get(salesUrl(project.id, `/${sale.id}`))).body.archived).toBe(false);
  });
});
