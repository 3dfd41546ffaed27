import { sql } from 'drizzle-orm';
import { lineTotals } from '../../contracts/money';
import type { Executor } from '../db/client';
import type { ChargedTax } from '../db/schema';
import { DEMO_PAYMENTS, DEMO_TAXES } from './sales';
import { makePerson, scaleRandom } from './scale';

/**
 * Issue 20, scale: many sales in one project (the sales-list benchmark). Buyers from the participants' generator
 * (accents, 1 % Tremblay, 1 % Côté), 1–3 items of the demo's payments each with Québec's two taxes, dates over the
 * six months before the event. Of all sales: 8 % archived (any status); of the others 72 % paid, 10 % pending,
 * 7 % courtesy, 3 % cancelled. Written by `INSERT … SELECT FROM unnest($arrays)`, a batch per statement; ids come
 * from the seeded generator, so the items are written beside their sales without reading them back.
 */

export interface ScaleSalesOptions {
  companyId: string;
  projectId: string;
  sales: number;
  /** The generator's seed: the same seed writes the same sales. */
  seed: number;
  /** Sales per statement. */
  batchSize?: number;
}

const DAY = 86_400_000;
/** The event of the scale project (2027-10-19): sales run over the 180 days before it. */
const SALES_END = Date.parse('2027-10-19T12:00:00Z');

const TAXES = DEMO_TAXES.map((tax): ChargedTax => ({ taxId: null, ...tax, amountCents: 0 }));

type Random = ReturnType<typeof scaleRandom>;

/** A version 4 UUID drawn from the seeded generator. */
function seededUuid(r: Random) {
  const hex = Array.from({ length: 8 }, () =>
    Math.floor(r.next() * 0x10000)
      .toString(16)
      .padStart(4, '0'),
  ).join('');
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function statusOf(r: Random): { status: string; archived: boolean } {
  const archived = r.chance(0.08);
  const x = r.next() * 0.92;
  const status = x < 0.72 ? 'paid' : x < 0.82 ? 'pending' : x < 0.89 ? 'courtesy' : 'cancelled';
  return { status, archived };
}

function sourceOf(r: Random, status: string) {
  if (status === 'courtesy') return 'courtesy';
  if (status === 'paid') return r.chance(0.7) ? 'card' : r.chance(0.85) ? 'manual' : 'free';
  return r.chance(0.8) ? 'card' : 'manual';
}

const text = (values: unknown[]) => sql`${sql.param(values)}::text[]`;
const ints = (values: number[]) => sql`${sql.param(values)}::int[]`;

export async function seedScaleSales(db: Executor, options: ScaleSalesOptions) {
  const started = performance.now();
  const r = scaleRandom(options.seed);
  const usedEmails = new Set<string>();
  const batchSize = options.batchSize ?? 5000;
  let itemCount = 0;
  for (let from = 0; from < options.sales; from += batchSize) {
    const size = Math.min(batchSize, options.sales - from);
    const sale = {
      id: [] as string[],
      status: [] as string[],
      archived: [] as string[],
      source: [] as string[],
      name: [] as string[],
      email: [] as string[],
      organisation: [] as string[],
      language: [] as string[],
      subtotal: [] as number[],
      discount: [] as number[],
      tax: [] as number[],
      total: [] as number[],
      createdAt: [] as string[],
      paidAt: [] as (string | null)[],
    };
    const item = {
      requestId: [] as string[],
      nameFr: [] as string[],
      nameEn: [] as string[],
      price: [] as number[],
      quantity: [] as number[],
      discount: [] as number[],
      taxes: [] as string[],
      total: [] as number[],
      position: [] as number[],
    };
    for (let i = 0; i < size; i++) {
      const id = seededUuid(r);
      const person = makePerson(r, usedEmails);
      const { status, archived } = statusOf(r);
      const source = sourceOf(r, status);
      const free = source === 'free' || source === 'courtesy';
      const createdAt = SALES_END - Math.floor(r.next() * 180 * DAY);
      const sums = { subtotal: 0, discount: 0, tax: 0, total: 0 };
      const lines = r.chance(0.6) ? 1 : r.chance(0.7) ? 2 : 3;
      for (let position = 0; position < lines; position++) {
        const payment = DEMO_PAYMENTS[position === 0 ? r.int(0, 2) : 3];
        const quantity = r.chance(0.85) ? 1 : r.int(2, 4);
        const price = payment.priceCents * quantity;
        const discount = free ? price : r.chance(0.1) ? Math.round(price * 0.2) : 0;
        const line = lineTotals(payment.priceCents, quantity, discount, TAXES);
        sums.subtotal += line.subtotalCents;
        sums.discount += discount;
        sums.tax += line.taxCents;
        sums.total += line.totalCents;
        item.requestId.push(id);
        item.nameFr.push(payment.nameFr);
        item.nameEn.push(payment.nameEn);
        item.price.push(payment.priceCents);
        item.quantity.push(quantity);
        item.discount.push(discount);
        item.taxes.push(JSON.stringify(line.taxes));
        item.total.push(line.totalCents);
        item.position.push(position);
      }
      itemCount += lines;
      sale.id.push(id);
      sale.status.push(status);
      sale.archived.push(String(archived));
      sale.source.push(source);
      sale.name.push(`${person.firstName} ${person.lastName}`);
      sale.email.push(person.email);
      sale.organisation.push(person.organisation ?? '');
      sale.language.push(person.language);
      sale.subtotal.push(sums.subtotal);
      sale.discount.push(sums.discount);
      sale.tax.push(sums.tax);
      sale.total.push(sums.total);
      sale.createdAt.push(new Date(createdAt).toISOString());
      sale.paidAt.push(status === 'paid' ? new Date(createdAt + r.int(1, 600) * 1000).toISOString() : null);
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into payment_requests (id, company_id, project_id, status, archived, source, currency, buyer_name,
          buyer_email, buyer_organisation, language, subtotal_cents, discount_cents, tax_cents, total_cents,
          created_at, updated_at, paid_at)
        select s.id::uuid, ${options.companyId}::uuid, ${options.projectId}::uuid, s.status, s.archived::boolean,
          s.source, 'CAD', s.name, s.email, s.organisation, s.language, s.subtotal, s.discount, s.tax, s.total,
          s.created_at::timestamptz, s.created_at::timestamptz, s.paid_at::timestamptz
        from unnest(${text(sale.id)}, ${text(sale.status)}, ${text(sale.archived)}, ${text(sale.source)},
          ${text(sale.name)}, ${text(sale.email)}, ${text(sale.organisation)}, ${text(sale.language)},
          ${ints(sale.subtotal)}, ${ints(sale.discount)}, ${ints(sale.tax)}, ${ints(sale.total)},
          ${text(sale.createdAt)}, ${text(sale.paidAt)})
          as s(id, status, archived, source, name, email, organisation, language, subtotal, discount, tax, total,
            created_at, paid_at)`);
      await tx.execute(sql`
        insert into payment_request_items (request_id, name_fr, name_en, unit_price_cents, quantity,
          discount_cents, taxes, total_cents, position)
        select i.request_id::uuid, i.name_fr, i.name_en, i.price, i.quantity, i.discount, i.taxes::jsonb, i.total,
          i.position
        from unnest(${text(item.requestId)}, ${text(item.nameFr)}, ${text(item.nameEn)}, ${ints(item.price)},
          ${ints(item.quantity)}, ${ints(item.discount)}, ${text(item.taxes)}, ${ints(item.total)},
          ${ints(item.position)})
          as i(request_id, name_fr, name_en, price, quantity, discount, taxes, total, position)`);
    });
  }
  return { sales: options.sales, items: itemCount, seconds: (performance.now() - started) / 1000 };
}
