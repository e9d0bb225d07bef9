import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer']
>;
type Serialize = ReturnType<ReturnType<SerializerFactory>>;

/**
 * Fastify's own response serializer compiler (fast-json-stringify), with what it builds kept per
 * process by the schemas it was built from. Building took about 90 ms of each app's start (much of
 * it a new ajv per schema with a union), and a process that builds many apps (the server tests)
 * built the same serializers for each. The compiler is the copy Fastify itself loads, so a serializer
 * is the one Fastify would have built; the key is the JSON of everything that shapes it (the shared
 * schemas, the options and the route's schema, in their order, which is the order of the output's
 * properties). A schema holding anything JSON does not write out as it is (a function, a RegExp,
 * undefined) is built as usual and not kept, since its key could not tell it apart.
 */

const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
const { SerializerSelector } = fastifyRequire('@fastify/fast-json-stringify-compiler') as { SerializerSelector: () => SerializerFactory };
const selector = SerializerSelector();

const MAX_KEPT = 5000;
const kept = new Map<string, Serialize>();

/** The JSON of `value`, or undefined when JSON would drop or change part of it. */
function plainJson(value: unknown): string | undefined {
  let plain = true;
  const text = JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
    // The value as it is, before a toJSON (a Date's) made it a string.
    const raw = this[key];
    if (raw === undefined || typeof raw === 'function' || typeof raw === 'symbol' || typeof raw === 'bigint') plain = false;
    else if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
      const proto = Object.getPrototypeOf(raw) as unknown;
      if (proto !== Object.prototype && proto !== null) plain = false;
    }
    return v;
  });
  return plain ? text : undefined;
}

export const sharedSerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = selector(externalSchemas, options);
  const shared = plainJson([externalSchemas ?? null, options ?? null]);
  return (route) => {
    const own = shared === undefined ? undefined : plainJson(route.schema);
    if (own === undefined) return compile(route);
    const key = `${shared}\n${own}`;
    let serialize = kept.get(key);
    if (!serialize) {
      serialize = compile(route);
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(key, serialize);
    }
    return serialize;
  };
};
