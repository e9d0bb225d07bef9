import { Type, type TSchema } from '@sinclair/typebox';

/**
 * The shared pieces of every route contract, in TypeBox. Fastify validates requests against a
 * route's schemas (coercing query strings and form fields to the declared types) and serialises
 * answers with them, and the OpenAPI page shows them. Nullable values are declared as such
 * (`Nullable`): the serialiser would otherwise refuse null or turn it into "" or 0. The serialiser
 * also drops properties an object does not declare, so an object whose other fields pass through is
 * declared with `additionalProperties: true`.
 */

/** A value or null (OpenAPI: `nullable: true`). */
export const Nullable = <T extends TSchema>(schema: T, options: { description?: string } = {}) =>
  Type.Union([schema, Type.Null()], options);

/** Every answer is {status, msg, data}; the 200 answer describes its data. */
export const envelope = <T extends TSchema>(data: T) =>
  Type.Object({ status: Type.Integer({ description: '0 is success' }), msg: Type.String(), data });

/** The failure envelope: data is null, or field errors, or the current record of a stale write. */
export const failure = Type.Partial(
  Type.Object({ status: Type.Integer(), msg: Type.String(), data: Nullable(Type.Object({}, { additionalProperties: true })) }),
);

/** Responses of a route: its 200 data (none: null) and the failures every route may answer. */
export function responses(data: TSchema = Type.Null(), ...statuses: number[]) {
  const out: Record<number, TSchema> = { 200: envelope(data) };
  for (const s of [400, 401, ...statuses]) out[s] = failure;
  return out;
}

/** Routes any caller may use without a session (OpenAPI: no security requirement). */
export const anonymous = { security: [] as { [scheme: string]: readonly string[] }[] };
