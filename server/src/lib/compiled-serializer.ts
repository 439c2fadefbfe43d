import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * A response serialiser compiled once from the contract's zod schema (fast-json-stringify): several times
 * faster than checking the answer with zod and `JSON.stringify`, and it writes the same bytes (the schema's
 * key order, unknown keys dropped). Used on the hot read routes; the others keep zod's serialiser, which also
 * checks the answer.
 */
export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-07', io: 'output', unrepresentable: 'any' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
}

/** For a route's `serializerCompiler` option: each of its response schemas is a contract zod schema. */
export function compiledSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  return compileSerializer(schema as z.ZodType);
}
