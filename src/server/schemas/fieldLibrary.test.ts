import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkSchemas, loadSchemas } from './load.js';
import { bearer, createTestApp, dialects, login, type TestApp } from '../test/harness.js';
import { caller, dataOf, refusal, type Caller } from '../test/dataApi.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];
function folder(files: Record<string, object>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-lib-'));
  dirs.push(dir);
  for (const [rel, json] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, `${rel}.json`), JSON.stringify(json, null, 2));
  }
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const library = {
  fields: {
    remark: { type: 'string', title: 'fields.remark', maxLength: 200, 'x-component': 'Input.TextArea' },
    carrier: { type: 'string', title: 'fields.name', maxLength: 7, 'x-ref': 'svc/carrier', 'x-index': true },
  },
  sections: { system: { title: 'sections.system', fields: ['createdAt', 'createdBy', 'updatedAt', 'updatedBy'] } },
};
const carrier = {
  id: 'svc/carrier',
  kind: 'crud',
  title: 'fields.name',
  resource: { table: 'svc_carrier', scope: 'global', label: 'code', key: 'code' },
  model: { type: 'object', properties: { code: { type: 'string', title: 'fields.code', maxLength: 7 } } },
  list: { columns: ['code'] },
};
const order = (extra: Record<string, unknown> = {}) => ({
  id: 'svc/order',
  kind: 'crud',
  title: 'fields.name',
  resource: { table: 'svc_order', scope: 'global', label: 'code' },
  model: {
    type: 'object',
    properties: {
      code: { type: 'string', title: 'fields.code', maxLength: 20 },
      carrierCode: { use: 'carrier' },
      remark: { use: 'remark', maxLength: 500, 'x-component': null },
    },
  },
  list: { columns: ['code'] },
  form: {
    sections: [
      { title: 'sections.basic', fields: ['code', 'carrierCode'] },
      { title: 'sections.state', fields: ['remark'] },
    ],
  },
  ...extra,
});

describe('the field library', () => {
  it('gives a field the library definition with the page keywords over it (null removes one), and a reference its input and cell', () => {
    const { pages } = loadSchemas(folder({ _fields: library, 'svc/carrier': carrier, 'svc/order': order() }));
    const props = pages.get('svc/order')!.model!.properties;
    expect(props.remark).toEqual({ type: 'string', title: 'fields.remark', maxLength: 500 });
    expect(props.carrierCode).toEqual({ ...library.fields.carrier, 'x-component': 'RefSelect', 'x-cell': 'RefLabel' });
  });

  it('merges library, template and page in that order', () => {
    const { pages } = loadSchemas(
      folder({
        _fields: library,
        'svc/carrier': carrier,
        'svc/_base': { model: { type: 'object', properties: { remark: { use: 'remark', maxLength: 300 } } } },
        'svc/order': {
          ...order(),
          extends: 'svc/_base',
          model: { type: 'object', properties: { code: { type: 'string', title: 'fields.code' }, remark: { title: 'fields.name' } } },
          form: { fields: ['code', 'remark'] },
        },
      }),
    );
    expect(pages.get('svc/order')!.model!.properties.remark).toEqual({
      type: 'string',
      title: 'fields.name',
      maxLength: 300,
      'x-component': 'Input.TextArea',
    });
  });

  it('shows the form sections in a detail that names "form" or declares none, and a named section', () => {
    const named = loadSchemas(
      folder({ _fields: library, 'svc/carrier': carrier, 'svc/order': order({ detail: { sections: ['form', 'system'], history: true } }) }),
    );
    expect(named.pages.get('svc/order')!.detail).toEqual({ sections: [...order().form.sections, library.sections.system], history: true });
    const none = loadSchemas(folder({ _fields: library, 'svc/carrier': carrier, 'svc/order': order({ detail: { history: true } }) }));
    expect(none.pages.get('svc/order')!.detail).toEqual({ sections: order().form.sections, history: true });
    const absent = loadSchemas(folder({ _fields: library, 'svc/carrier': carrier, 'svc/order': order() }));
    expect(absent.pages.get('svc/order')!.detail!.sections).toEqual(order().form.sections);
  });

  it('takes "form" in a file that extends a template as that file\'s own form sections, added to the template\'s detail', () => {
    const basic = { title: 'sections.basic', fields: ['code'] };
    const { pages } = loadSchemas(
      folder({
        _fields: library,
        'svc/carrier': carrier,
        'svc/_base': { form: { sections: [basic] }, detail: { sections: [{ ...basic, fields: ['code', 'updatedAt'] }], history: true } },
        'svc/order': {
          ...order(),
          extends: 'svc/_base',
          form: { sections: [{ title: 'sections.state', fields: ['carrierCode', 'remark'] }] },
          detail: { sections: ['form', 'system'] },
        },
      }),
    );
    expect(pages.get('svc/order')!.detail).toEqual({
      sections: [
        { ...basic, fields: ['code', 'updatedAt'] },
        { title: 'sections.state', fields: ['carrierCode', 'remark'] },
        library.sections.system,
      ],
      history: true,
    });
  });

  it('refuses an unknown name with the file, the line, the closest name and the names there are', () => {
    const page = order();
    (page.model.properties as Record<string, unknown>).remark = { use: 'remrak' };
    const dir = folder({ _fields: library, 'svc/carrier': carrier, 'svc/order': page });
    const line =
      fs
        .readFileSync(path.join(dir, 'svc/order.json'), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('remrak')) + 1;
    const { problems } = checkSchemas(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(
      'svc/order.json: model.remark.use: unknown field "remrak" in the field library (src/schemas/_fields.json); did you mean "remark"?; the fields are: remark, carrier',
    );
    expect(problems[0]).toContain(`(line ${line},`);
    const section = checkSchemas(
      folder({ _fields: library, 'svc/carrier': carrier, 'svc/order': order({ detail: { sections: ['form', 'sytem'] } }) }),
    ).problems;
    expect(section[0]).toMatch(/detail\.sections\.1: unknown section "sytem" .*did you mean "system"\?; the sections are: form, system/);
  });
});

describe('the field library file', () => {
  it('is checked itself, so a definition no page uses yet is refused at its line, and a page using a broken one is refused too', () => {
    const broken = {
      ...library,
      fields: {
        ...library.fields,
        note: { type: 'string', title: 'fields.remark', 'x-component': 'Inptu' },
        owner: { type: 'string', title: 'fields.name', 'x-ref': 'svc/carier' },
      },
    };
    const dir = folder({ _fields: broken, 'svc/carrier': carrier, 'svc/order': order() });
    const line =
      fs
        .readFileSync(path.join(dir, '_fields.json'), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('Inptu')) + 1;
    const { problems, pages } = checkSchemas(dir);
    expect(problems).toEqual([
      expect.stringMatching(
        new RegExp(`_fields\\.json: /fields/note/x-component: unknown component "Inptu"; did you mean Input\\? \\(line ${line},`),
      ),
      expect.stringMatching(/_fields\.json: fields\.owner\.x-ref: refers to unknown page "svc\/carier"; did you mean svc\/carrier\?/),
    ]);
    expect([...pages.keys()].sort()).toEqual(['svc/carrier', 'svc/order']);
    const using = order();
    (using.model.properties as Record<string, unknown>).remark = { use: 'note' };
    expect(checkSchemas(folder({ _fields: broken, 'svc/carrier': carrier, 'svc/order': using })).failed).toEqual(new Set(['svc/order']));
  });
});

describe.each(dialects())('the field library on a running server (%s)', (dialect) => {
  // A page of the project whose remark is the library's, unchanged.
  const PAGE = 'platformUser/department';
  let t: TestApp;
  let dir: string;
  let admin: Caller;
  const libFile = () => path.join(dir, '_fields.json');
  const served = async () =>
    dataOf(await t.app.inject({ method: 'GET', url: `/open-platform/schemas/${encodeURIComponent(PAGE)}`, headers: bearer(admin.token) }))
      .page;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-lib-live-'));
    fs.cpSync(path.join(here, '../../schemas'), dir, { recursive: true });
    t = await createTestApp(dialect, { schemasDir: dir, watchSchemas: true });
    admin = caller(t.app, await login(t.app, 'admin'));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves and enforces the resolved field, and a change to the library reloads the pages that use it', async () => {
    expect(JSON.parse(fs.readFileSync(path.join(dir, `${PAGE}.json`), 'utf8')).model.properties.remark).toEqual({ use: 'remark' });
    expect((await served()).model.properties.remark).toMatchObject({ type: 'string', title: 'fields.remark', maxLength: 200 });
    const rows = dataOf(await admin.get(PAGE)).list as { id: number; version: number }[];
    const row = dataOf(await admin.get(PAGE, `/${rows[0].id}`));
    const long = '备'.repeat(250);
    refusal(await admin.put(PAGE, `/${row.id}`, { ...row, remark: long }), 400);

    const text = fs.readFileSync(libFile(), 'utf8');
    fs.writeFileSync(libFile(), text.replace('"title": "fields.remark", "maxLength": 200', '"title": "fields.remark", "maxLength": 300'));
    const until = Date.now() + 10_000;
    while ((await served()).model.properties.remark.maxLength !== 300) {
      if (Date.now() > until) throw new Error('the library change was not applied');
      await new Promise((r) => setTimeout(r, 100));
    }
    const saved = dataOf(await admin.put(PAGE, `/${row.id}`, { ...row, remark: long }));
    expect(saved.remark).toBe(long);
  });

  it('previews and saves in the playground a page text that uses the library', async () => {
    const playground = (rest: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/open-platform/playground/${rest}`, headers: bearer(admin.token), payload });
    // The editor completes a field's `use` and a detail section from the names the opened page comes with.
    const opened = dataOf(
      await t.app.inject({
        method: 'GET',
        url: `/open-platform/playground/page?id=${encodeURIComponent(PAGE)}`,
        headers: bearer(admin.token),
      }),
    );
    expect(opened.library.fields).toEqual(expect.arrayContaining(['remark', 'status', 'carrierCode']));
    expect(opened.library.sections).toEqual(['form', 'system', 'partySystem', 'partyCreated']);
    const page = JSON.parse(fs.readFileSync(path.join(dir, `${PAGE}.json`), 'utf8'));
    page.model.properties.remark = { use: 'remrak' };
    const typo = JSON.stringify(page, null, 2);
    const preview = dataOf(await playground('preview', { id: PAGE, source: typo }));
    expect(preview.problems).toEqual([
      expect.objectContaining({ page: PAGE, line: typo.split('\n').findIndex((l) => l.includes('remrak')) + 1 }),
    ]);
    expect(preview.problems[0].message).toMatch(/unknown field "remrak" in the field library .*did you mean "remark"\?/);
    refusal(await playground('save', { id: PAGE, source: typo }), 400);

    page.model.properties.remark = { use: 'remark', maxLength: 120, title: 'fields.description' };
    dataOf(await playground('save', { id: PAGE, source: JSON.stringify(page, null, 2) }));
    expect((await served()).model.properties.remark).toEqual({
      type: 'string',
      title: 'fields.description',
      maxLength: 120,
      'x-component': 'Input.TextArea',
    });
  });
});
