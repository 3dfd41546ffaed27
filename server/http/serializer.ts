import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];
type Serialize = (data: unknown) => string;
type JsonSchema = Record<string, unknown>;

/**
 * A response schema's JSON form as fast-json-stringify reads it fastest: zod writes a nullable value as
 * `anyOf: [X, {type: null}]`, which fast-json-stringify resolves with a validator at each value; a plain `type`
 * list (`['string', 'null']`) it resolves with a `typeof`.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!schema || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, simplify(v)])) as JsonSchema;
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullAt = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && typeof other.type === 'string' && !other.anyOf && !other.oneOf) {
      const { anyOf: _, ...rest } = node;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return node;
}

/** A compiled writer for one response schema, or undefined when its JSON Schema cannot be written. */
function compile(schema: z.ZodType): Serialize | undefined {
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw', cycles: 'throw' });
    return fastJson(simplify(json) as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return undefined;
  }
}

/**
 * The responses' serializer (issue 17, "one request costs less"): each route's response schema compiled once into
 * a fast-json-stringify writer, which writes only the properties the schema declares (nothing leaks) and dates as
 * ISO strings, like the zod encoder it replaces, at a fraction of its cost. A schema that has no JSON Schema form
 * keeps the zod encoder. With `check` (the API test tiers), every response is also encoded by zod, which refuses
 * a value of the wrong type as before, and the two outputs must be equal: the compiled writer is proven on every
 * response the tests make.
 */
export function compiledSerializerCompiler({ check }: { check: boolean }) {
  return (route: RouteSchema): Serialize => {
    const reference = zodSerializerCompiler(route) as Serialize;
    const schema = (route.schema as { properties?: unknown }).properties ?? route.schema;
    // Compiled at a route's first response, not when the app starts: a few ms per schema, for some 300 routes,
    // would be paid by every start (and by every API test file, which starts its own app).
    let writer: Serialize | undefined;
    const write = (data: unknown) => {
      writer ??= (schema instanceof z.ZodType ? compile(schema) : undefined) ?? reference;
      return writer(data);
    };
    if (!check) return write;
    return (data) => {
      const expected = reference(data);
      const written = write(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `the compiled response serializer of ${route.method} ${route.url} wrote ${written.slice(0, 500)}, ` +
            `zod ${expected.slice(0, 500)}`,
        );
      }
      return written;
    };
  };
}
