import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TAXES_OPTION } from '../../../contracts/project-options';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, buildProject } from '../../../tests/support/test-app';
import { payments, paymentTaxes, projects } from '../../db/schema';

const { t, camille, jordan } = withTestApp();

const settingsUrl = (projectId: string) => `/api/projects/${projectId}/sales-settings`;
const taxesUrl = (projectId: string) => `/api/projects/${projectId}/taxes`;

async function setTaxesOption(projectId: string, value: boolean) {
  const response = await camille.put(`/api/projects/${projectId}/options`, { optionId: TAXES_OPTION, value });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** A project of Camille's company with option 54 (taxes) on. */
async function projectWithTaxes() {
  const project = await buildProject(camille);
  await setTaxesOption(project.id, true);
  return project;
}

const GST = { name: { fr: 'TPS', en: 'GST' }, rateMilli: 5000, registrationNumber: '123456789 RT0001' };
const QST = { name: { fr: 'TVQ', en: 'QST' }, rateMilli: 9975, registrationNumber: '1234567890 TQ0001' };

async function addTax(projectId: string, body: unknown, client: ApiClient = camille) {
  const response = await client.post(taxesUrl(projectId), body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const fieldsOf = (body: { fields?: { field: string; message: string }[] }) =>
  Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.message]));

describe('sales configuration (R2)', () => {
  it('answers the defaults until saved, then what was saved; saving again replaces it', async () => {
    const project = await buildProject(camille);
    const before = await camille.get(settingsUrl(project.id));
    expect(before.body).toEqual({ currency: 'CAD', sellerName: null, sellerAddress: null, saved: false });

    const saved = await camille.put(settingsUrl(project.id), {
      currency: 'CAD',
      sellerName: ' Événements <b>Maillage</b> inc. ',
      sellerAddress: '1000, rue Sherbrooke Ouest\nMontréal (Québec) H3A 3G4',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      currency: 'CAD',
      sellerName: 'Événements Maillage inc.',
      sellerAddress: '1000, rue Sherbrooke Ouest\nMontréal (Québec) H3A 3G4',
      saved: true,
    });
    const again = await camille.put(settingsUrl(project.id), {
      currency: 'EUR',
      sellerName: 'Maillage SAS',
      sellerAddress: '1 rue de Rivoli, Paris',
    });
    expect(again.body.currency).toBe('EUR');
    expect((await camille.get(settingsUrl(project.id))).body).toEqual(again.body);
  });

  it('refuses an unknown currency and an empty seller, naming each field', async () => {
    const project = await buildProject(camille);
    const response = await camille.put(settingsUrl(project.id), {
      currency: 'XYZ',
      sellerName: ' ',
      sellerAddress: 'x',
    });
    expect(response.status).toBe(400);
    expect(fieldsOf(response.body)).toEqual({
      currency: 'Choisissez une devise de la liste.',
      sellerName: 'Ce champ est obligatoire (au moins 2 caractères).',
      sellerAddress: 'Ce champ est obligatoire (au moins 2 caractères).',
    });
    expect((await camille.get(settingsUrl(project.id))).body.saved).toBe(false);
  });
});

describe('taxes (R2)', () => {
  it('adds GST and QST (rate 9.975 % as 9975), lists them in order, edits and reorders', async () => {
    const project = await projectWithTaxes();
    expect((await camille.get(taxesUrl(project.id))).body).toEqual({ items: [] });
    const gst = await addTax(project.id, GST);
    expect(gst).toEqual({ id: expect.any(String), ...GST, position: 0 });
    const qst = await addTax(project.id, QST);
    expect(qst.rateMilli).toBe(9975);
    expect(qst.position).toBe(1);

    const edited = await camille.put(`${taxesUrl(project.id)}/${gst.id}`, {
      ...GST,
      name: { fr: 'TPS fédérale', en: 'Federal GST' },
      registrationNumber: '',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: { fr: 'TPS fédérale', en: 'Federal GST' },
      registrationNumber: '',
    });

    const reordered = await camille.put(`/api/projects/${project.id}/tax-order`, { ids: [qst.id, gst.id] });
    expect(reordered.status).toBe(200);
    expect(reordered.body.items.map((tax: { name: { fr: string } }) => tax.name.fr)).toEqual([
      'TVQ',
      'TPS fédérale',
    ]);
    const partial = await camille.put(`/api/projects/${project.id}/tax-order`, { ids: [qst.id] });
    expect(partial.status).toBe(400);
    expect(partial.body.title).toBe(
      'L’ordre envoyé ne correspond plus aux taxes de ce projet. Rechargez la page et réessayez.',
    );
  });

  it('refuses a rate beyond three decimals or above 100 %, empty names and a malformed number', async () => {
    const project = await projectWithTaxes();
    for (const rateMilli of [9975.5, 100001, -1]) {
      const response = await camille.post(taxesUrl(project.id), { ...QST, rateMilli });
      expect(response.status).toBe(400);
      expect(fieldsOf(response.body).rateMilli).toBe(
        'Entrez un taux de 0 à 100 %, avec au plus trois décimales (ex. : 9,975).',
      );
    }
    const response = await camille.request({
      method: 'POST',
      url: taxesUrl(project.id),
      body: { name: { fr: '', en: 'Q' }, rateMilli: 9975, registrationNumber: 'TQ#0001' },
      headers: { 'accept-language': 'en' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(fieldsOf(response.body)).sort()).toEqual(['name.en', 'name.fr', 'registrationNumber']);
    expect((await camille.get(taxesUrl(project.id))).body.items).toEqual([]);
  });

  it('refuses adding or editing a tax while option 54 is off, with a translated message; delete stays possible', async () => {
    const project = await projectWithTaxes();
    const gst = await addTax(project.id, GST);
    await setTaxesOption(project.id, false);
    const created = await camille.post(taxesUrl(project.id), QST);
    expect(created.status).toBe(409);
    expect(created.body.title).toBe(
      'Les taxes ne sont pas activées pour ce projet : activez l’option « Taxes » dans la configuration du projet, puis réessayez.',
    );
    const edited = await camille.put(`${taxesUrl(project.id)}/${gst.id}`, { ...GST, rateMilli: 6000 });
    expect(edited.status).toBe(409);
    expect((await camille.get(taxesUrl(project.id))).body.items[0].rateMilli).toBe(5000);
    expect((await camille.delete(`${taxesUrl(project.id)}/${gst.id}`)).status).toBe(200);
  });

  it('a new project (option 54 off by default) refuses a tax', async () => {
    const project = await buildProject(camille);
    expect((await camille.post(taxesUrl(project.id), GST)).status).toBe(409);
  });

  it('deleting a tax takes it off the payments that charged it', async () => {
    const project = await projectWithTaxes();
    const gst = await addTax(project.id, GST);
    const qst = await addTax(project.id, QST);
    const [{ companyId }] = await t.deps.db
      .select({ companyId: projects.companyId })
      .from(projects)
      .where(eq(projects.id, project.id));
    const [payment] = await t.deps.db
      .insert(payments)
      .values({
        companyId,
        projectId: project.id,
        nameFr: 'Inscription',
        nameEn: 'Registration',
        priceCents: 10000,
      })
      .returning();
    await t.deps.db.insert(paymentTaxes).values([
      { paymentId: payment.id, taxId: gst.id },
      { paymentId: payment.id, taxId: qst.id },
    ]);
    const response = await camille.delete(`${taxesUrl(project.id)}/${qst.id}`);
    expect(response.status).toBe(200);
    const left = await t.deps.db.select().from(paymentTaxes).where(eq(paymentTaxes.paymentId, payment.id));
    expect(left.map((row) => row.taxId)).toEqual([gst.id]);
    expect((await camille.get(taxesUrl(project.id))).body.items.map((x: { id: string }) => x.id)).toEqual([
      gst.id,
    ]);
    expect((await camille.delete(`${taxesUrl(project.id)}/${qst.id}`)).status).toBe(404);
  });

  it('another company sees nothing of a project’s taxes and configuration', async () => {
    const project = await projectWithTaxes();
    const gst = await addTax(project.id, GST);
    expect((await jordan.get(taxesUrl(project.id))).status).toBe(404);
    expect((await jordan.post(taxesUrl(project.id), QST)).status).toBe(404);
    expect((await jordan.put(`${taxesUrl(project.id)}/${gst.id}`, QST)).status).toBe(404);
    expect((await jordan.delete(`${taxesUrl(project.id)}/${gst.id}`)).status).toBe(404);
    expect((await jordan.get(settingsUrl(project.id))).status).toBe(404);
    expect(
      (
        await jordan.put(settingsUrl(project.id), {
          currency: 'CAD',
          sellerName: 'Boréal',
          sellerAddress: 'Québec',
        })
      ).status,
    ).toBe(404);
    // A tax of another project of the same company is not found through this one.
    const other = await projectWithTaxes();
    expect((await camille.put(`${taxesUrl(other.id)}/${gst.id}`, QST)).status).toBe(404);
  });
});
