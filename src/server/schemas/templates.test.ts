import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSchemas } from './load.js';
import { createTestApp } from '../test/harness.js';

const dirs: string[] = [];
/** A schema folder made of the given files (path without .json -> content). */
function folder(files: Record<string, object>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-tpl-'));
  dirs.push(dir);
  for (const [rel, json] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, `${rel}.json`), JSON.stringify(json));
  }
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const base = {
  kind: 'crud',
  resource: { scope: 'party', label: 'provider' },
  model: {
    type: 'object',
    required: ['provider'],
    properties: {
      provider: { type: 'string', title: 'fields.name', enum: ['sandbox'], default: 'sandbox' },
      quota: { type: 'integer', title: 'fields.name', minimum: 0 },
    },
  },
  list: { columns: ['provider', 'quota'] },
  form: {
    sections: [
      { title: 'sections.basic', fields: ['provider'] },
      { title: 'sections.contact', fields: ['quota'] },
    ],
  },
};

describe('page templates', () => {
  it('merge fields by keyword, required lists, and sections by title', () => {
    const { pages } = loadSchemas(
      folder({
        'svc/_base': base,
        'svc/sms': {
          extends: 'svc/_base',
          id: 'svc/sms',
          title: 'fields.name',
          resource: { table: 'svc_sms' },
          model: {
            required: ['sign'],
            properties: { provider: { enum: ['sandbox', 'aliyun'] }, quota: null, sign: { type: 'string', title: 'fields.name' } },
          },
          list: { columns: ['provider', 'sign'] },
          form: {
            sections: [
              { title: 'sections.contact', fields: ['sign'] },
              { title: 'sections.system', fields: ['sign'] },
            ],
          },
        },
      }),
    );
    const page = pages.get('svc/sms')!;
    expect([...pages.keys()]).toEqual(['svc/sms']);
    expect(page.resource).toEqual({ scope: 'party', label: 'provider', table: 'svc_sms' });
    expect(page.model!.properties.provider).toEqual({
      type: 'string',
      title: 'fields.name',
      enum: ['sandbox', 'aliyun'],
      default: 'sandbox',
    });
    expect(Object.keys(page.model!.properties)).toEqual(['provider', 'sign']);
    expect(page.model!.required).toEqual(['provider', 'sign']);
    expect(page.form!.sections!.map((s) => [s.title, s.fields])).toEqual([
      ['sections.basic', ['provider']],
      ['sections.contact', ['sign']],
      ['sections.system', ['sign']],
    ]);
  });

  it('refuse an unknown template with the file and what to write', () => {
    const dir = folder({
      'svc/_base': base,
      'svc/sms': { extends: 'svc/_bse', id: 'svc/sms', title: 'fields.name', resource: { table: 'svc_sms' } },
    });
    expect(() => loadSchemas(dir)).toThrow(
      /svc\/sms\.json: extends: unknown template "svc\/_bse" \(no file src\/schemas\/svc\/_bse\.json\); write the path of an existing template/,
    );
  });

  it('refuse a page named as a template', () => {
    const dir = folder({
      'svc/a': { ...base, id: 'svc/a', title: 'fields.name', resource: { table: 'a', label: 'provider' } },
      'svc/b': { extends: 'svc/a', id: 'svc/b', title: 'fields.name' },
    });
    expect(() => loadSchemas(dir)).toThrow(/svc\/b\.json: (\/extends must match pattern|extends: "svc\/a" is not a template)/);
  });

  it('refuse a cycle of templates, naming the chain', () => {
    const dir = folder({
      'svc/_a': { extends: 'svc/_b' },
      'svc/_b': { extends: 'svc/_a' },
      'svc/sms': { extends: 'svc/_a', id: 'svc/sms', title: 'fields.name' },
    });
    expect(() => loadSchemas(dir)).toThrow(
      /svc\/sms\.json: extends: template cycle svc\/sms -> svc\/_a -> svc\/_b -> svc\/_a; remove "extends"/,
    );
  });

  it('stop the server start on a bad template', async () => {
    const dir = folder({ 'svc/sms': { extends: 'svc/_none', id: 'svc/sms', title: 'fields.name' } });
    await expect(createTestApp('sqlite', { schemasDir: dir })).rejects.toThrow(/svc\/sms\.json: extends: unknown template "svc\/_none"/);
  });
});

describe('relations', () => {
  const parent = (relations: object[]) => ({
    'p/parent': {
      id: 'p/parent',
      kind: 'crud',
      title: 'fields.name',
      resource: { table: 'p_parent', label: 'name' },
      model: { type: 'object', properties: { name: { type: 'string', title: 'fields.name' } } },
      list: { columns: ['name'] },
      relations,
    },
    'p/child': {
      id: 'p/child',
      kind: 'crud',
      title: 'fields.name',
      resource: { table: 'p_child', label: 'name' },
      model: {
        type: 'object',
        properties: {
          name: { type: 'string', title: 'fields.name' },
          parentId: { type: 'integer', title: 'fields.name', 'x-ref': 'p/parent' },
          otherId: { type: 'integer', title: 'fields.name', 'x-ref': 'p/child' },
        },
      },
      list: { columns: ['name'] },
    },
  });

  it('accept a child whose field refers to the parent', () => {
    expect(loadSchemas(folder(parent([{ name: 'children', page: 'p/child', field: 'parentId', onDelete: 'cascade' }]))).pages.size).toBe(2);
  });

  it('refuse a field that refers to another page, saying which field to name', () => {
    expect(() => loadSchemas(folder(parent([{ name: 'children', page: 'p/child', field: 'otherId' }])))).toThrow(
      /p\/parent\.json: relations\[0\] \("children"\): field "otherId" of "p\/child" refers to "p\/child", not to "p\/parent", so "p\/parent" is not its parent; write "parentId"/,
    );
  });

  it('refuse an unknown child page or field', () => {
    expect(() => loadSchemas(folder(parent([{ name: 'children', page: 'p/nobody', field: 'parentId' }])))).toThrow(
      /relations\[0\] \("children"\): page "p\/nobody" does not exist/,
    );
    expect(() => loadSchemas(folder(parent([{ name: 'children', page: 'p/child', field: 'nope' }])))).toThrow(
      /"p\/child" has no field "nope"; write "parentId"/,
    );
  });

  it('check a track view names number coordinates and a sortable time of the child', () => {
    // The child of parent() with two coordinate fields added.
    const files = (track: object | undefined, view = 'track') => {
      const f = parent([{ name: 'points', page: 'p/child', field: 'parentId', view, ...(track ? { track } : {}) }]) as Record<
        string,
        Record<string, unknown>
      >;
      const model = f['p/child'].model as { properties: Record<string, object> };
      const coords = { lng: { type: 'number', title: 'fields.name' }, lat: { type: 'number', title: 'fields.name' } };
      return { ...f, 'p/child': { ...f['p/child'], model: { ...model, properties: { ...model.properties, ...coords } } } };
    };
    expect(loadSchemas(folder(files({ lng: 'lng', lat: 'lat', time: 'createdAt', tooltip: ['name'] }))).pages.size).toBe(2);
    expect(() => loadSchemas(folder(files(undefined)))).toThrow(/relations\[0\] \("points"\): "view": "track" needs "track"/);
    expect(() => loadSchemas(folder(files({ lng: 'lng', lat: 'lat', time: 'createdAt' }, 'list')))).toThrow(
      /"track" is only read with "view": "track"/,
    );
    expect(() => loadSchemas(folder(files({ lng: 'name', lat: 'lati', time: 'name', tooltip: ['nope'] })))).toThrow(
      /track\.lng: field "name" of "p\/child" is not a number[\s\S]*track\.lat: "p\/child" has no field "lati"[\s\S]*track\.time: field "name" of "p\/child" cannot be sorted[\s\S]*track\.tooltip: "p\/child" has no field "nope"/,
    );
  });

  it('accept a parent that shows part of the referenced table through a fixed filter, not a page over another table', () => {
    const files = parent([]) as Record<string, Record<string, unknown>>;
    const view = (table: string) => ({
      ...files['p/parent'],
      id: 'p/big',
      resource: { table, label: 'name' },
      fixedFilter: { name: 'big' },
      relations: [{ name: 'children', page: 'p/child', field: 'parentId' }],
    });
    expect(loadSchemas(folder({ ...files, 'p/big': view('p_parent') })).pages.size).toBe(3);
    expect(() => loadSchemas(folder({ ...files, 'p/big': view('p_other') }))).toThrow(
      /field "parentId" of "p\/child" refers to "p\/parent", not to "p\/big"/,
    );
  });
  it('check each page of a relation group like a relation, and refuse a page in a group and a relation at once', () => {
    const group = (g: object, relations: object[] = []) => {
      const files = parent(relations) as Record<string, Record<string, unknown>>;
      return folder({
        ...files,
        'p/parent': { ...files['p/parent'], relationGroups: [{ name: 'all', title: 'fields.name', field: 'parentId', ...g }] },
      });
    };
    expect(loadSchemas(group({ pages: ['p/child'], columns: ['name'] })).pages.size).toBe(2);
    expect(() => loadSchemas(group({ pages: ['p/nobody'] }))).toThrow(
      /relationGroups \("all", page "p\/nobody"\): page "p\/nobody" does not exist/,
    );
    expect(() => loadSchemas(group({ pages: ['p/child'], field: 'otherId' }))).toThrow(
      /relationGroups \("all", page "p\/child"\): field "otherId" of "p\/child" refers to "p\/child"/,
    );
    expect(() => loadSchemas(group({ pages: ['p/child'] }, [{ name: 'children', page: 'p/child', field: 'parentId' }]))).toThrow(
      /"p\/child" is also in a relation group/,
    );
    expect(() => loadSchemas(group({ pages: [] }))).toThrow(/relationGroups\/0\/pages/);
  });
});
