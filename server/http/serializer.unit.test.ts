import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { timestamp } from '../../contracts/http';
import { compiledSerializerCompiler } from './serializer';

const person = z.object({
  id: z.uuid(),
  name: z.object({ fr: z.string(), en: z.string() }),
  email: z.string().nullable(),
  seats: z.number().int(),
  paidCents: z.number().int().nullable(),
  registeredAt: timestamp,
  leftAt: timestamp.nullable(),
  note: z.string().optional(),
  kind: z.enum(['buyer', 'guest']),
});
const response = z.object({ items: z.array(person), total: z.number().int() });
const route = (schema: z.ZodType) =>
  ({ schema, method: 'GET', url: '/api/people', httpStatus: '200' }) as Parameters<
    typeof zodSerializerCompiler
  >[0];

const row = {
  id: '7d0f9d6e-3c7b-4a43-9a39-5d3a3c1e9f01',
  name: { fr: 'Zoë « l’aînée » Ødegård-Иванова 🎉', en: 'Zoë "the elder"\n\\ Ødegård' },
  email: null,
  seats: 2,
  paidCents: 11_498,
  registeredAt: new Date('2027-03-14T13:45:07.089Z'),
  leftAt: null,
  kind: 'buyer' as const,
  // What a repository row may carry beyond the response's fields: never written.
  passwordHash: 'secret',
  companyId: 'b1e6c0de-0000-4000-8000-000000000001',
};

describe('the compiled response serializer', () => {
  const write = compiledSerializerCompiler({ check: false })(route(response));
  const zodWrite = zodSerializerCompiler(route(response)) as (data: unknown) => string;

  it('writes what the zod encoder writes: dates as ISO strings, nulls, multi-byte and escaped text', () => {
    const data = {
      items: [row, { ...row, note: 'Tables 3–4', leftAt: new Date('2027-03-15T00:00:00Z') }],
      total: 2,
    };
    expect(JSON.parse(write(data))).toEqual(JSON.parse(zodWrite(data)));
    const [first, second] = JSON.parse(write(data)).items;
    expect(first.registeredAt).toBe('2027-03-14T13:45:07.089Z');
    expect(first.name.fr).toBe('Zoë « l’aînée » Ødegård-Иванова 🎉');
    expect(first.name.en).toBe('Zoë "the elder"\n\\ Ødegård');
    expect(first).not.toHaveProperty('note');
    expect(second.note).toBe('Tables 3–4');
    expect(second.leftAt).toBe('2027-03-15T00:00:00.000Z');
  });

  it('never writes a property the schema does not declare', () => {
    const body = write({ items: [row], total: 1 });
    expect(body).not.toContain('passwordHash');
    expect(body).not.toContain('secret');
    expect(body).not.toContain('companyId');
  });

  it('checked (as in the tests), refuses a value of the wrong type as the zod encoder does', () => {
    const checked = compiledSerializerCompiler({ check: true })(route(response));
    expect(JSON.parse(checked({ items: [row], total: 1 })).total).toBe(1);
    expect(() => checked({ items: [{ ...row, seats: 'two' }], total: 1 })).toThrow();
    expect(() => checked({ items: [{ ...row, registeredAt: 'yesterday' }], total: 1 })).toThrow();
  });

  it('keeps the zod encoder for a schema that has no JSON Schema form', () => {
    const custom = z.object({ at: z.custom<Date>((v) => v instanceof Date) });
    const writeCustom = compiledSerializerCompiler({ check: false })(route(custom));
    expect(() => writeCustom({ at: 'not a date' })).toThrow();
  });
});
