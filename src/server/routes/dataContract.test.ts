/* eslint-disable @typescript-eslint/no-explicit-any -- test helpers read untyped JSON answers */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const DEPT = 'platformUser/department';

describe('the data routes’ declared contract', () => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('documents every data route’s parameters, body and answers in the OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/open-platform/docs/json' })).json();
    const routes = Object.entries(doc.paths as Record<string, Record<string, any>>)
      // The page schema route with them; the administrators' reload declares its answers in the other routes' style.
      .filter(([p]) => p.startsWith('/open-platform/data/') || p === '/open-platform/schemas/{page}');
    // 14 record routes (dashboard, a relation group's summary and a chain view included), list and bulk actions, the import template and upload.
    expect(routes.length).toBe(18);
    expect(routes.flatMap(([, ops]) => Object.keys(ops)).length).toBe(21);
    for (const [p, ops] of routes) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${p}`;
        expect(
          op.parameters
            .filter((x: any) => x.in === 'path')
            .map((x: any) => x.name)
            .sort(),
          where,
        ).toEqual((p.match(/\{(\w+)\}/g) ?? []).map((x) => x.slice(1, -1)).sort());
        const success = op.responses['200'] ?? op.responses['201'];
        expect(success, where).toBeTruthy();
        expect(op.responses['4XX']?.content['application/json'].schema.properties.msg, where).toBeTruthy();
        // The import upload is a multipart file, streamed to disk rather than parsed as a declared body.
        if ((method === 'post' || method === 'put') && !p.endsWith('/import'))
          expect(op.requestBody?.content['application/json'].schema, where).toBeTruthy();
      }
    }
    const list = doc.paths['/open-platform/data/{page}'].get;
    expect(list.parameters.map((x: any) => x.name)).toEqual(expect.arrayContaining(['page', 'size', 'sort', 'q']));
    expect(list.responses['200'].content['application/json'].schema.properties.data.properties.list.type).toBe('array');
    const bulk = doc.paths['/open-platform/data/{page}/bulk-delete'].post;
    expect(bulk.requestBody.content['application/json'].schema.properties.ids).toMatchObject({ type: 'array', minItems: 1, maxItems: 200 });
    const bulkAction = doc.paths['/open-platform/data/{page}/bulk-actions/{name}'].post;
    expect(bulkAction.requestBody.content['application/json'].schema.properties.ids).toMatchObject({
      type: 'array',
      minItems: 1,
      maxItems: 200,
    });
    const template = doc.paths['/open-platform/data/{page}/import/template'].get;
    expect(
      template.parameters.find((x: any) => x.name === 'format').schema.enum ??
        template.parameters.find((x: any) => x.name === 'format').schema.anyOf,
    ).toBeTruthy();
    const summary = doc.paths['/open-platform/data/{page}/{id}/related-summary/{name}'].get;
    expect(summary.responses['200'].content['application/json'].schema.properties.data.properties.lines.type).toBe('array');
    const chain = doc.paths['/open-platform/data/{page}/{id}/chain/{name}'].get;
    expect(chain.responses['200'].content['application/json'].schema.properties.data.properties.steps.type).toBe('array');
    const transition = doc.paths['/open-platform/data/{page}/{id}/transitions/{name}'].post;
    expect(transition.parameters.find((x: any) => x.name === 'id').schema.type).toBe('integer');
  });

  it('answers contract violations with the engine’s messages, not a generic one', async () => {
    expect(refusal(await admin.get(DEPT, '/abc'), 400).msg).toBe('Invalid record id "abc"');
    expect(refusal(await admin.get(DEPT, '?size=10001'), 400).msg).toMatch(/size/);
    expect(refusal(await admin.get(DEPT, `?q=${'x'.repeat(101)}`), 400).msg).toMatch(/at most 100 characters/);
    expect(refusal(await admin.get(DEPT, '/export?format=pdf'), 400).msg).toMatch(/csv or xlsx/);
    expect(refusal(await admin.get(DEPT, '/export?tzOffset=later'), 400).msg).toMatch(/tzOffset/);
    expect(refusal(await admin.post(DEPT, '/bulk-delete', { ids: ['1'] }), 400).msg).toMatch(/ids/);
    expect(refusal(await admin.put(DEPT, '/1', { name: 'x' }), 400).msg).toMatch(/version/);
    expect(refusal(await admin.post(DEPT, '', [1, 2]), 400).msg).toMatch(/JSON object/);
    expect(refusal(await admin.post('systemManage/riskTrigger', `/1/transitions/${'x'.repeat(65)}`, {}), 404).msg).toMatch(/state change/);
  });

  it('sends records whole through the declared answers', async () => {
    const made = dataOf(await admin.post(DEPT, '', { code: 'CONTRACT', name: '契约部', status: 'active', leader: '张三', sort: 3 }), 201);
    expect(made).toMatchObject({
      code: 'CONTRACT',
      name: '契约部',
      leader: '张三',
      sort: 3,
      version: 1,
      partyCode: 'P0001',
      createdBy: 'admin',
    });
    const listed = dataOf(await admin.get(DEPT, '?code=CONTRACT')).list[0];
    expect(listed).toEqual(made);
    expect(dataOf(await admin.get(DEPT, `/${made.id}/history`))[0]).toMatchObject({
      action: 'create',
      username: 'admin',
      after: { code: 'CONTRACT' },
    });
    expect(dataOf(await admin.get(DEPT, `/options?ids=${made.id}`))).toEqual([{ value: made.id, label: '契约部' }]);
  });
});
