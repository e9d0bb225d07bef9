import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { tidyOpenApi } from './apiDocs.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- the document is JSON walked by shape */

/** The Schema Object of OpenAPI 3.0: its keywords and types (JSON Schema's others are refused by validators). */
const SCHEMA_KEYS = new Set([
  'title',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'enum',
  'type',
  'not',
  'allOf',
  'oneOf',
  'anyOf',
  'items',
  'properties',
  'additionalProperties',
  'description',
  'format',
  'default',
  'nullable',
  'discriminator',
  'readOnly',
  'writeOnly',
  'example',
  'externalDocs',
  'deprecated',
  'xml',
  '$ref',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);
const PARAM_KEYS = new Set([
  'name',
  'in',
  'description',
  'required',
  'deprecated',
  'allowEmptyValue',
  'style',
  'explode',
  'allowReserved',
  'schema',
  'example',
  'examples',
  'content',
]);

/**
 * The rules of the OpenAPI 3.0 specification that swagger-cli and redocly reported against the served
 * document, and the neighbouring ones a generated document can break: each problem with its place.
 */
function openApiProblems(doc: any): string[] {
  const problems: string[] = [];
  const resolves = (ref: string) =>
    ref.startsWith('#/') &&
    ref
      .slice(2)
      .split('/')
      .reduce((o: any, k) => (o == null ? o : o[k.replace(/~1/g, '/').replace(/~0/g, '~')]), doc) != null;
  const schema = (s: any, at: string): void => {
    if (!s || typeof s !== 'object') return void problems.push(`${at}: a schema must be an object`);
    for (const k of Object.keys(s))
      if (!SCHEMA_KEYS.has(k) && !k.startsWith('x-')) problems.push(`${at}: "${k}" is not an OpenAPI 3.0 schema keyword`);
    if (s.$ref !== undefined && !resolves(s.$ref)) problems.push(`${at}: $ref ${s.$ref} does not resolve`);
    if (s.type !== undefined && !(typeof s.type === 'string' && TYPES.has(s.type)))
      problems.push(`${at}: type ${JSON.stringify(s.type)} is not one type name`);
    if (s.required !== undefined && !(Array.isArray(s.required) && s.required.length > 0 && new Set(s.required).size === s.required.length))
      problems.push(`${at}: required must list at least one name, each once`);
    for (const k of ['exclusiveMinimum', 'exclusiveMaximum'])
      if (s[k] !== undefined && typeof s[k] !== 'boolean') problems.push(`${at}: ${k} is a boolean in OpenAPI 3.0`);
    if (s.readOnly === true && s.writeOnly === true) problems.push(`${at}: readOnly and writeOnly together`);
    for (const [n, p] of Object.entries(s.properties ?? {})) schema(p, `${at}.properties.${n}`);
    for (const k of ['items', 'not']) if (s[k] !== undefined) schema(s[k], `${at}.${k}`);
    if (s.additionalProperties !== undefined && typeof s.additionalProperties !== 'boolean')
      schema(s.additionalProperties, `${at}.additionalProperties`);
    for (const k of ['allOf', 'oneOf', 'anyOf']) (s[k] ?? []).forEach((x: unknown, i: number) => schema(x, `${at}.${k}[${i}]`));
  };
  if (!/^3\.0\.\d+$/.test(doc.openapi)) problems.push(`openapi: ${doc.openapi} is not 3.0.x`);
  if (typeof doc.info?.title !== 'string' || typeof doc.info?.version !== 'string') problems.push('info: title and version are required');
  for (const [n, s] of Object.entries(doc.components?.schemas ?? {})) {
    if (!/^[a-zA-Z0-9.\-_]+$/.test(n)) problems.push(`components.schemas.${n}: the name has characters OpenAPI does not allow`);
    schema(s, `components.schemas.${n}`);
  }
  const ids = new Set<string>();
  for (const [p, ops] of Object.entries<any>(doc.paths)) {
    if (!p.startsWith('/')) problems.push(`${p}: a path starts with /`);
    const inPath = (p.match(/\{[^}]+\}/g) ?? []).map((x) => x.slice(1, -1)).sort();
    for (const [method, op] of Object.entries<any>(ops)) {
      const at = `${method.toUpperCase()} ${p}`;
      if (op.operationId) {
        if (ids.has(op.operationId)) problems.push(`${at}: operationId ${op.operationId} repeats`);
        ids.add(op.operationId);
      }
      const params = op.parameters ?? [];
      const seen = new Set<string>();
      for (const x of params) {
        for (const k of Object.keys(x))
          if (!PARAM_KEYS.has(k) && !k.startsWith('x-')) problems.push(`${at} parameter ${x.name}: "${k}" is not a parameter field`);
        if (!['query', 'header', 'path', 'cookie'].includes(x.in)) problems.push(`${at} parameter ${x.name}: in "${x.in}"`);
        if (x.in === 'path' && x.required !== true) problems.push(`${at} parameter ${x.name}: a path parameter is required`);
        if (seen.has(`${x.in}:${x.name}`)) problems.push(`${at} parameter ${x.name}: declared twice`);
        seen.add(`${x.in}:${x.name}`);
        if (x.schema) schema(x.schema, `${at} parameter ${x.name}`);
      }
      const declared = params
        .filter((x: any) => x.in === 'path')
        .map((x: any) => x.name)
        .sort();
      if (JSON.stringify(declared) !== JSON.stringify(inPath))
        problems.push(`${at}: path parameters ${declared} differ from the path's ${inPath}`);
      if (!op.responses || !Object.keys(op.responses).length) problems.push(`${at}: no responses`);
      for (const [code, r] of Object.entries<any>(op.responses ?? {})) {
        if (typeof r.description !== 'string') problems.push(`${at} ${code}: a response needs a description`);
        for (const [ct, mt] of Object.entries<any>(r.content ?? {})) if (mt.schema) schema(mt.schema, `${at} ${code} ${ct}`);
      }
      for (const [ct, mt] of Object.entries<any>(op.requestBody?.content ?? {})) if (mt.schema) schema(mt.schema, `${at} body ${ct}`);
    }
  }
  return problems;
}

describe('the OpenAPI checks', () => {
  it('find what the validators found: an empty required list, a second type, a 2020 keyword', () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {},
      components: { schemas: { a: { type: 'object', required: [], properties: { b: { type: ['string', 'null'], const: 1 } } } } },
    };
    expect(openApiProblems(doc)).toEqual([
      'components.schemas.a: required must list at least one name, each once',
      'components.schemas.a.properties.b: "const" is not an OpenAPI 3.0 schema keyword',
      'components.schemas.a.properties.b: type ["string","null"] is not one type name',
    ]);
    expect(openApiProblems(tidyOpenApi(doc))).toHaveLength(2);
  });
});

describe.each(dialects())('the served OpenAPI document, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is valid OpenAPI 3.0: no problem in any schema, parameter or answer (39 schemas had required: [])', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/open-platform/docs/json' })).json();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
    expect(Object.keys(doc.components.schemas).length).toBeGreaterThan(100);
    expect(openApiProblems(doc)).toEqual([]);
    // The YAML form is the same document.
    const yaml = (await t.app.inject({ method: 'GET', url: '/open-platform/docs/yaml' })).body;
    expect(yaml).not.toMatch(/required: \[\]/);
  });
});
