/**
 * JSON Schema pieces for route contracts. Fastify validates requests against them (with type
 * coercion for query strings and forms) and serialises answers with them, and the OpenAPI page
 * shows them. Nullable values are declared as such: the serialiser would otherwise turn null into
 * "" or 0.
 */

export type JsonSchema = Record<string, unknown>;

export const str = (maxLength: number, extra: JsonSchema = {}) => ({ type: 'string', maxLength, ...extra });
export const nullableStr = { type: ['string', 'null'] } as const;
export const nullableInt = { type: ['integer', 'null'] } as const;
export const int = { type: 'integer' } as const;

export const object = (properties: Record<string, JsonSchema>, required: string[] = [], extra: JsonSchema = {}) => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
  ...extra,
});

/** An object whose listed fields are described and whose other fields are passed through unchanged. */
export const openObject = (properties: Record<string, JsonSchema> = {}) => ({ type: 'object', properties, additionalProperties: true });

/** Every answer is {status, msg, data}; the 200 answer describes its data. */
export function envelope(data: JsonSchema = { type: 'null' }) {
  return object({ status: { type: 'integer', description: '0 is success' }, msg: { type: 'string' }, data }, ['status', 'msg', 'data']);
}

/** The failure envelope: data is null, or field errors, or the current record of a stale write. */
export const failure = object({ status: int, msg: { type: 'string' }, data: { type: ['object', 'null'], additionalProperties: true } });

/** Responses of a route: its 200 data and the failures every route may answer. */
export function responses(data: JsonSchema = { type: 'null' }, ...statuses: number[]) {
  const out: Record<number, JsonSchema> = { 200: envelope(data) };
  for (const s of [400, 401, ...statuses]) out[s] = failure;
  return out;
}

/** Routes any caller may use without a session (OpenAPI: no security requirement). */
export const anonymous = { security: [] as { [scheme: string]: readonly string[] }[] };
