import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, buildProject } from '../../../tests/support/test-app';
import { payments, projects, promoCodes } from '../../db/schema';
import { toLocalTime } from '../activities/local-time';

const { t, camille, jordan } = withTestApp();

const codesUrl = (projectId: string) => `/api/projects/${projectId}/promo-codes`;
const ZONE = 'America/Toronto';
const DAY = 86_400_000;
/** A wall time of the project's zone (Toronto) `days` from now. */
const localIn = (days: number) => toLocalTime(new Date(Date.now() + days * DAY), ZONE);

/** A project of Camille's company with two payments ($100.00 and $250.00), written directly. */
async function setUp() {
  const project = await buildProject(camille, { timeZone: ZONE });
  const [{ companyId }] = await t.deps.db
    .select({ companyId: projects.companyId })
    .from(projects)
    .where(eq(projects.id, project.id));
  const [day, gala] = await t.deps.db
    .insert(payments)
    .values([
      {
        companyId,
        projectId: project.id,
        nameFr: 'Journée',
        nameEn: 'Day pass',
        priceCents: 10000,
        position: 0,
      },
      {
        companyId,
        projectId: project.id,
        nameFr: 'Souper gala',
        nameEn: 'Gala dinner',
        priceCents: 25000,
        position: 1,
      },
    ])
    .returning();
  return { project, day, gala };
}

const promo = (paymentId: string, overrides: Record<string, unknown> = {}) => ({
  paymentId,
  code: 'HATIF15',
  kind: 'percent',
  value: 15000,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  ...overrides,
});

async function addCode(projectId: string, body: unknown, client: ApiClient = camille) {
  const response = await client.post(codesUrl(projectId), body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const fieldsOf = (body: { fields?: { field: string; message: string }[] }) =>
  Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.message]));

describe('promo codes (R3)', () => {
  it('adds, lists (window in the project’s zone, currency), edits and deletes a code', async () => {
    const { project, day, gala } = await setUp();
    const created = await addCode(
      project.id,
      promo(day.id, { validFrom: '2027-05-01T09:00', validUntil: '2027-06-01T17:30', maxUses: 10 }),
    );
    expect(created).toEqual({
      id: expect.any(String),
      paymentId: day.id,
      paymentName: { fr: 'Journée', en: 'Day pass' },
      code: 'HATIF15',
      kind: 'percent',
      value: 15000,
      // Toronto is at UTC−4 in May and June.
      validFrom: '2027-05-01T13:00:00.000Z',
      validUntil: '2027-06-01T21:30:00.000Z',
      validFromLocal: '2027-05-01T09:00',
      validUntilLocal: '2027-06-01T17:30',
      maxUses: 10,
      uses: 0,
    });
    const list = await camille.get(codesUrl(project.id));
    expect(list.body).toEqual({ items: [created], timeZone: ZONE, currency: 'CAD' });

    const edited = await camille.put(`${codesUrl(project.id)}/${created.id}`, {
      ...promo(gala.id, { code: 'gala-20', kind: 'amount', value: 2000 }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      paymentId: gala.id,
      paymentName: { fr: 'Souper gala', en: 'Gala dinner' },
      code: 'gala-20',
      kind: 'amount',
      value: 2000,
      validFrom: null,
      validUntilLocal: null,
      maxUses: null,
    });
    const options = await camille.get(`/api/projects/${project.id}/promo-code-payments`);
    expect(options.body).toEqual({
      items: [
        { id: day.id, name: { fr: 'Journée', en: 'Day pass' }, priceCents: 10000, promoCodeId: null },
        {
          id: gala.id,
          name: { fr: 'Souper gala', en: 'Gala dinner' },
          priceCents: 25000,
          promoCodeId: created.id,
        },
      ],
      currency: 'CAD',
    });

    expect((await camille.delete(`${codesUrl(project.id)}/${created.id}`)).status).toBe(200);
    expect((await camille.get(codesUrl(project.id))).body.items).toEqual([]);
    expect((await camille.delete(`${codesUrl(project.id)}/${created.id}`)).status).toBe(404);
  });

  it('refuses a second code for the same payment under the payment, and the same code in any case under the code', async () => {
    const { project, day, gala } = await setUp();
    const first = await addCode(project.id, promo(day.id));
    const samePayment = await camille.post(codesUrl(project.id), promo(day.id, { code: 'AUTRE' }));
    expect(samePayment.status).toBe(400);
    expect(fieldsOf(samePayment.body)).toEqual({
      paymentId: 'Ce paiement a déjà un code promotionnel : un seul code par paiement.',
    });
    const sameCode = await camille.post(codesUrl(project.id), promo(gala.id, { code: ' hatif15 ' }));
    expect(sameCode.status).toBe(400);
    expect(fieldsOf(sameCode.body)).toEqual({
      code: 'Le code « hatif15 » existe déjà dans ce projet (majuscules et minuscules ne comptent pas).',
    });
    // Editing a code keeps its own payment and code.
    const kept = await camille.put(`${codesUrl(project.id)}/${first.id}`, promo(day.id, { code: 'Hatif15' }));
    expect(kept.status).toBe(200);
    // The same code in another project is fine.
    const other = await setUp();
    await addCode(other.project.id, promo(other.day.id));
  });

  it('refuses a bad code, value, window or number of uses, each under its field', async () => {
    const { project, day, gala } = await setUp();
    const response = await camille.post(
      codesUrl(project.id),
      promo(day.id, {
        code: 'a b',
        value: 100001,
        validFrom: '2027-06-01T10:00',
        validUntil: '2027-06-01T09:00',
        maxUses: 0,
      }),
    );
    expect(response.status).toBe(400);
    expect(fieldsOf(response.body)).toEqual({
      code: 'Le code compte de 3 à 40 lettres, chiffres, traits d’union ou soulignés, sans espace.',
      maxUses: 'Entrez un nombre entier d’utilisations, au moins 1, ou laissez vide pour aucune limite.',
      value: 'Un pourcentage ne peut dépasser 100 %.',
      validUntil: 'La fin de la validité doit venir après son début.',
    });
    // 02:30 on 2027-03-14 does not exist in Toronto (clocks move forward).
    const skipped = await camille.post(
      codesUrl(project.id),
      promo(gala.id, { validFrom: '2027-03-14T02:30' }),
    );
    expect(skipped.status).toBe(400);
    expect(fieldsOf(skipped.body).validFrom).toMatch(/^02:30 n’existe pas le 2027-03-14/);
    const unknownPayment = await camille.post(
      codesUrl(project.id),
      promo('00000000-0000-4000-8000-000000000000'),
    );
    expect(fieldsOf(unknownPayment.body)).toEqual({ paymentId: 'Choisissez un paiement de ce projet.' });

    // A number of uses below the uses already made is refused.
    const code = await addCode(project.id, promo(day.id, { maxUses: 10 }));
    await t.deps.db.update(promoCodes).set({ uses: 3 }).where(eq(promoCodes.id, code.id));
    const below = await camille.put(`${codesUrl(project.id)}/${code.id}`, promo(day.id, { maxUses: 2 }));
    expect(fieldsOf(below.body)).toEqual({
      maxUses: 'Ce code a déjà servi 3 fois : le nombre d’utilisations ne peut être plus petit.',
    });
    expect((await camille.get(codesUrl(project.id))).body.items[0]).toMatchObject({ uses: 3, maxUses: 10 });
  });

  it('the check answers the discount, or each refusal reason translated under the code', async () => {
    const { project, day, gala } = await setUp();
    const check = (code: string, paymentId: string) =>
      camille.post(`${codesUrl(project.id)}/check`, { code, paymentId });
    const percent = await addCode(project.id, promo(day.id, { maxUses: 2 }));
    await addCode(project.id, promo(gala.id, { code: 'GALA', kind: 'amount', value: 30000 }));

    expect((await check(' hâtif15 ', day.id)).status).toBe(400);
    const ok = await check(' hatif15 ', day.id);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ discountCents: 1500 });
    // An amount larger than the price takes the price off, no more.
    expect((await check('gala', gala.id)).body).toEqual({ discountCents: 25000 });

    const refusal = async (code: string, paymentId: string) => {
      const response = await check(code, paymentId);
      expect(response.status).toBe(400);
      return fieldsOf(response.body).code;
    };
    expect(await refusal('NOPE', day.id)).toBe('Ce code promotionnel n’existe pas.');
    expect(await refusal('GALA', day.id)).toBe('Ce code promotionnel s’applique à un autre paiement.');

    await camille.put(
      `${codesUrl(project.id)}/${percent.id}`,
      promo(day.id, { validFrom: localIn(2), maxUses: 2 }),
    );
    expect(await refusal('HATIF15', day.id)).toBe('Ce code promotionnel n’est pas encore valide.');
    await camille.put(
      `${codesUrl(project.id)}/${percent.id}`,
      promo(day.id, { validFrom: localIn(-3), validUntil: localIn(-1), maxUses: 2 }),
    );
    expect(await refusal('HATIF15', day.id)).toBe('Ce code promotionnel est expiré.');
    await camille.put(
      `${codesUrl(project.id)}/${percent.id}`,
      promo(day.id, { validUntil: localIn(1), maxUses: 2 }),
    );
    await t.deps.db.update(promoCodes).set({ uses: 2 }).where(eq(promoCodes.id, percent.id));
    expect(await refusal('HATIF15', day.id)).toBe(
      'Ce code promotionnel a atteint son nombre d’utilisations.',
    );
    // In the language the user chose.
    await camille.patch('/api/me', { locale: 'en' });
    try {
      expect(await refusal('HATIF15', day.id)).toBe(
        'This promo code has been used as many times as allowed.',
      );
      expect(await refusal('NOPE', day.id)).toBe('This promo code does not exist.');
    } finally {
      await camille.patch('/api/me', { locale: 'fr' });
    }

    const unknownPayment = await check('HATIF15', '00000000-0000-4000-8000-000000000000');
    expect(fieldsOf(unknownPayment.body)).toEqual({ paymentId: 'Choisissez un paiement de ce projet.' });
  });

  it('another company sees nothing; a code or payment of another project is not found through this one', async () => {
    const { project, day } = await setUp();
    const code = await addCode(project.id, promo(day.id));
    expect((await jordan.get(codesUrl(project.id))).status).toBe(404);
    expect((await jordan.get(`/api/projects/${project.id}/promo-code-payments`)).status).toBe(404);
    expect((await jordan.post(codesUrl(project.id), promo(day.id, { code: 'JORDAN' }))).status).toBe(404);
    expect((await jordan.put(`${codesUrl(project.id)}/${code.id}`, promo(day.id))).status).toBe(404);
    expect((await jordan.delete(`${codesUrl(project.id)}/${code.id}`)).status).toBe(404);
    expect(
      (await jordan.post(`${codesUrl(project.id)}/check`, { code: 'HATIF15', paymentId: day.id })).status,
    ).toBe(404);

    const other = await setUp();
    expect((await camille.put(`${codesUrl(other.project.id)}/${code.id}`, promo(other.day.id))).status).toBe(
      404,
    );
    // A payment of another project cannot carry this project's code, and the check does not find it there.
    const foreign = await camille.post(codesUrl(other.project.id), promo(day.id, { code: 'AILLEURS' }));
    expect(fieldsOf(foreign.body)).toEqual({ paymentId: 'Choisissez un paiement de ce projet.' });
    const elsewhere = await camille.post(`${codesUrl(other.project.id)}/check`, {
      code: 'HATIF15',
      paymentId: other.day.id,
    });
    expect(fieldsOf(elsewhere.body)).toEqual({ code: 'Ce code promotionnel n’existe pas.' });
  });
});
