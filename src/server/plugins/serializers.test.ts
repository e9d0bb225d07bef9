import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedSerializers } from './serializers.js';

const answer = {
  type: 'object',
  properties: {
    status: { type: 'integer' },
    when: { type: 'string', format: 'date-time' },
    data: { anyOf: [{ type: 'null' }, { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } }] },
    tags: { type: 'array', items: { type: 'string' } },
  },
};
const payload = { name: 'x', extra: 'dropped', data: { name: 'n', id: '7', other: 1 }, tags: [1, 'b'], when: new Date(0), status: 2.7 };

const apps: FastifyInstance[] = [];
afterEach(async () => Promise.all(apps.splice(0).map((a) => a.close())));

async function answerOf(shared: boolean, schema: object = answer) {
  const app = Fastify(shared ? { schemaController: { compilersFactory: { buildSerializer: sharedSerializers } } } : {});
  apps.push(app);
  app.get('/', { schema: { response: { 200: schema } } }, async () => payload);
  app.get(
    '/h',
    { schema: { headers: { type: 'object', required: ['X-Token'], properties: { 'X-Token': { type: 'string' } } } } },
    async () => 'ok',
  );
  const res = await app.inject({ url: '/' });
  const header = await app.inject({ url: '/h', headers: { 'x-token': 't' } });
  return { body: res.body, header: header.statusCode };
}

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/', httpStatus: '200' });

describe('response serializers kept by schema', () => {
  it('answers exactly as Fastify’s own serializer, and its header schemas are still matched in lower case', async () => {
    const own = await answerOf(false);
    expect(await answerOf(true)).toEqual(own);
    expect(await answerOf(true)).toEqual(own);
    expect(own.header).toBe(200);
    const reordered = { ...answer, properties: { tags: answer.properties.tags, status: answer.properties.status } };
    expect((await answerOf(true, reordered)).body).toBe((await answerOf(false, reordered)).body);
  });

  it('builds a serializer once per shared schemas, options and route schema', () => {
    const a = sharedSerializers({}, {})(route(structuredClone(answer)));
    expect(sharedSerializers({}, {})(route(structuredClone(answer)))).toBe(a);
    expect(sharedSerializers({}, { rounding: 'floor' })(route(answer))).not.toBe(a);
    expect(sharedSerializers({ other: { $id: 'other', type: 'string' } }, {})(route(answer))).not.toBe(a);
    const reordered = { type: 'object', properties: { b: { type: 'string' }, a: { type: 'string' } } };
    const ordered = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } };
    const [r, o] = [sharedSerializers({}, {})(route(reordered)), sharedSerializers({}, {})(route(ordered))];
    expect([r({ a: '1', b: '2' }), o({ a: '1', b: '2' })]).toEqual(['{"b":"2","a":"1"}', '{"a":"1","b":"2"}']);
  });

  it('keeps nothing built from a schema JSON cannot write out as it is', () => {
    for (const odd of [
      { type: 'string', default: new Date(0) },
      { type: 'string', examples: [/a/] },
      { type: 'string', description: undefined },
    ]) {
      expect(sharedSerializers({}, {})(route(odd))).not.toBe(sharedSerializers({}, {})(route(odd)));
    }
  });
});
