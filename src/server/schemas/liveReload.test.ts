import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { bearer, createTestApp, login, type TestApp } from '../test/harness.js';
import { caller, dataOf, type Caller } from '../test/dataApi.js';
import { addMenuEntries } from '../db/menuSync.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PAGE = 'liveDemo/bin';

const binPage = (extra: Record<string, unknown> = {}) => ({
  id: PAGE,
  kind: 'crud',
  title: 'pages.liveDemo.bin.title',
  resource: { table: 'ld_bin', scope: 'global', label: 'code' },
  model: { type: 'object', required: ['code'], properties: { code: { type: 'string', title: 'fields.code', maxLength: 20 }, ...extra } },
  list: { columns: ['code'] },
  demo: [{ code: 'B-01' }, { code: 'B-02' }],
});
const messages = {
  zh: { 'pages.liveDemo.bin.title': '货位', 'menu.liveDemo.bin': '货位' },
  en: { 'pages.liveDemo.bin.title': 'Bins', 'menu.liveDemo.bin': 'Bins' },
  es: { 'pages.liveDemo.bin.title': 'Ubicaciones', 'menu.liveDemo.bin': 'Ubicaciones' },
  ja: { 'pages.liveDemo.bin.title': 'ロケーション', 'menu.liveDemo.bin': 'ロケーション' },
};

function copySchemas(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-live-'));
  fs.cpSync(path.join(here, '../../schemas'), dir, { recursive: true });
  return dir;
}

/** Writes the page, its messages and its menu line, as an analyst does. */
function addPage(dir: string) {
  fs.mkdirSync(path.join(dir, 'liveDemo'), { recursive: true });
  fs.writeFileSync(path.join(dir, `${PAGE}.messages.json`), JSON.stringify(messages));
  fs.writeFileSync(path.join(dir, `${PAGE}.json`), JSON.stringify(binPage(), null, 2));
  addMenuEntries(dir, [
    { code: PAGE, menuTitle: 'menu.liveDemo.bin', name: 'bin', path: `/${PAGE}`, component: `${PAGE}/index`, icon: 'SettingOutlined' },
  ]);
}

/** Asks until the answer passes or the time is up; what another process or a file watch does takes a moment. */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('not within the time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Writes a temporary file beside the target and renames it over the target, as editors do. */
function saveByRename(file: string, text: string): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

const codes = async (who: Caller) => {
  const res = await who.get(PAGE);
  return res.statusCode === 200 ? (dataOf(res).list as { code: string }[]).map((r) => r.code).sort() : null;
};

describe('a changed file is picked up by the file watch', () => {
  let t: TestApp;
  let dir: string;
  let admin: Caller;
  const pageOf = async (id: string) =>
    dataOf(await t.app.inject({ method: 'GET', url: `/open-platform/schemas/${encodeURIComponent(id)}`, headers: bearer(admin.token) }))
      .page;
  const fieldsOf = async (id: string) => Object.keys((await pageOf(id)).model.properties);
  beforeAll(async () => {
    dir = copySchemas();
    t = await createTestApp('sqlite', { schemasDir: dir, watchSchemas: true });
    admin = caller(t.app, await login(t.app, 'admin'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('applies a new page with its menu title, and leaves the pages as they were when a change is invalid', async () => {
    addPage(dir);
    await eventually(async () => JSON.stringify(await codes(admin)) === '["B-01","B-02"]');
    const info = (
      await t.app.inject({
        method: 'POST',
        url: '/open-platform/getUserInfo',
        headers: { ...bearer(admin.token), 'accept-language': 'es' },
      })
    ).json().data;
    expect(info.translatelist['menu.liveDemo.bin']).toBe('Ubicaciones');

    // A typo in a component: refused, logged, not applied; the page keeps working as before.
    fs.writeFileSync(
      path.join(dir, `${PAGE}.json`),
      JSON.stringify(binPage({ note: { type: 'string', title: 'fields.name', 'x-component': 'Inptu' } }), null, 2),
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(await fieldsOf(PAGE)).not.toContain('note');
    expect(await codes(admin)).toEqual(['B-01', 'B-02']);
  });

  it('hears a file saved by rename-replace (as sed -i, mv and editors save), every time', async () => {
    // Each save writes a new file and renames it over the page's: the page file gets a new inode each time.
    for (const field of ['shelf', 'aisle', 'rack']) {
      saveByRename(
        path.join(dir, `${PAGE}.json`),
        JSON.stringify(binPage({ [field]: { type: 'string', title: 'fields.name', maxLength: 20 } }), null, 2),
      );
      await eventually(async () => (await fieldsOf(PAGE)).includes(field), 5000);
    }
    // sed -i itself, where the machine has it.
    execFileSync('sed', ['-i', 's/"maxLength": 20/"maxLength": 30/', path.join(dir, `${PAGE}.json`)]);
    await eventually(async () => (await pageOf(PAGE)).model.properties.rack.maxLength === 30, 5000);
  });

  it('applies the valid files of a change and refuses only the broken one', async () => {
    const other = 'liveDemo/crate';
    const crate = {
      ...binPage(),
      id: other,
      title: 'pages.liveDemo.bin.title',
      resource: { table: 'ld_crate', scope: 'global', label: 'code' },
    };
    fs.writeFileSync(path.join(dir, `${other}.json`), JSON.stringify(crate, null, 2));
    saveByRename(
      path.join(dir, `${PAGE}.json`),
      JSON.stringify({ ...binPage({ rack: { type: 'string', title: 'fields.name', maxLength: 30 } }), kind: 'crudd' }, null, 2),
    );
    await eventually(
      async () =>
        (await t.app.inject({ method: 'GET', url: `/open-platform/schemas/${encodeURIComponent(other)}`, headers: bearer(admin.token) }))
          .statusCode === 200,
      5000,
    );
    // The broken page stays as it was applied last.
    expect(await fieldsOf(PAGE)).toContain('rack');
    expect(await codes(admin)).toEqual(['B-01', 'B-02']);
  });
});

describe.skipIf(!process.env.TEST_PG_URL)('a reload on one instance reloads every instance on the same PostgreSQL database', () => {
  let first: TestApp;
  let second: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = copySchemas();
    first = await createTestApp('postgres', { schemasDir: dir });
    second = await buildApp(first.config, { logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the new page on the other instance without being asked there', async () => {
    const token = await login(first.app, 'admin');
    const [a, b] = [caller(first.app, token), caller(second, token)];
    expect(await codes(b)).toBeNull();
    addPage(dir);
    expect(dataOf(await first.app.inject({ method: 'POST', url: '/open-platform/schemas/reload', headers: bearer(token) }))).toMatchObject({
      tables: [PAGE],
      menus: 1,
    });
    expect(await codes(a)).toEqual(['B-01', 'B-02']);
    await eventually(async () => JSON.stringify(await codes(b)) === '["B-01","B-02"]');
  });
});
