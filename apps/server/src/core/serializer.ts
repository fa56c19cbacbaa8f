import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * `anyOf: [X, {type: 'null'}]` (how zod writes `.nullable()`) as `type: [X's type, 'null']` where X
 * is a plain typed schema: fast-json-stringify then writes it directly instead of testing each
 * branch against the value at every call.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullAt = branches.findIndex(
      (branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1,
    );
    const other = branches[1 - nullAt] as JsonSchema | undefined;
    if (nullAt >= 0 && other && typeof other.type === 'string' && !other.anyOf && !other.oneOf && !other.$ref) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The JSON Schema of an answer as fast-json-stringify reads it (exported for its test). */
export function answerJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
  return simplify(json) as JsonSchema;
}

/**
 * Answers are written by a function compiled once per route from the contract's JSON Schema
 * (fast-json-stringify, Fastify's own serializer), instead of validating every outgoing object with
 * zod and then stringifying it. The allow-list stays: an object writes only the properties its
 * contract names (`additionalProperties: false`), so a column a handler reads by accident never
 * leaves the server. Handlers are typed against the same contracts, so the values they return have
 * the named types; a required property that is missing still fails the answer.
 */
export function compileAnswer(schema: z.ZodType): (data: unknown) => string {
  return fastJson(answerJsonSchema(schema), { rounding: 'trunc' });
}

/**
 * compileAnswer on the route's first answer instead of at start: compiling every route's
 * serializer took a tenth of a cold start (docs/performance.md).
 */
export function compileAnswerOnFirstUse(schema: z.ZodType): (data: unknown) => string {
  let write: ((data: unknown) => string) | undefined;
  return (data) => (write ??= compileAnswer(schema))(data);
}
