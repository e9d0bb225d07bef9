import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * Customers generate clients from the served OpenAPI document, so it must pass an OpenAPI validator:
 * swagger-parser checks it against the official OpenAPI 3.0 schema and resolves every reference.
 * The document does not depend on the database, so one store is enough.
 */
describe('the served OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('is valid OpenAPI 3.0 with every reference resolved', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/open-platform/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.0\./);
    let problem = '';
    try {
      await SwaggerParser.validate(structuredClone(doc));
    } catch (err) {
      problem = (err as Error).message.slice(0, 4000);
    }
    expect(problem).toBe('');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(30);
  });
});
