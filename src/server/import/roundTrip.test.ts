import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, pageUrl, signIn, zipEntry, type Caller } from '../test/dataApi.js';
import { multipart } from '../test/sheets.js';
import { headerClashes, importBlockers, importable, importColumns, templateHeader } from './columns.js';
import { readXlsxRows, type Cell } from './xlsxReader.js';
import { importLimits } from './limits.js';
import { configFromEnv } from '../config.js';
import { convertCell } from './convert.js';
import { isMoney } from '../data/format.js';
import { toRecord } from '../data/rows.js';
import type { PageSchema } from '../../shared/schema/types.js';
import type { Language } from '../i18n/messages.js';

const LANGS: Language[] = ['zh', 'en', 'es', 'ja'];
const CHINA = -480;

/** Every sheet row of a workbook, the header first. */
async function sheetRows(xlsx: Buffer): Promise<Cell[][]> {
  const file = path.join(os.tmpdir(), `scop-rt-${process.pid}-${Math.random().toString(16).slice(2)}.xlsx`);
  fs.writeFileSync(file, xlsx);
  try {
    const out: Cell[][] = [];
    for await (const [, cells] of readXlsxRows(file, importLimits(configFromEnv({})))) out.push(cells);
    return out;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe.each(dialects())('export → import round trip of every page that creates records, on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  const db = () => t.app.ctx.database.db;
  const creating = () =>
    [...t.app.ctx.schemas.pages.values()].filter(
      (p) => p.kind === 'crud' && p.list?.actions?.includes('create') && !p.resource?.readOnly,
    ) as PageSchema[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const exportXlsx = async (page: string, lang: Language) => {
    const res = await admin.get(page, `/export?format=xlsx&tzOffset=${CHINA}`, { 'accept-language': lang });
    expect(res.statusCode, page).toBe(200);
    return res.rawPayload;
  };

  it('every page that creates records offers export, and import unless a create needs what no cell may hold', () => {
    const pages = creating();
    expect(pages.length).toBeGreaterThan(60);
    expect(pages.filter((p) => !p.list!.actions!.includes('export')).map((p) => p.id)).toEqual([]);
    expect(
      pages.filter((p) => importable(p) === importBlockers(p).length > 0).map((p) => `${p.id}: ${importBlockers(p).join(', ')}`),
    ).toEqual([]);
    // No header names two columns in any language: the export of such a page would not import back.
    expect(pages.filter(importable).flatMap((p) => headerClashes(p, true).map((c) => `${p.id}: ${c}`))).toEqual([]);
    // Accounts need a password, proxies with a user name theirs, role grants and price tiers a structured value.
    expect(
      pages
        .filter((p) => !importable(p))
        .map((p) => p.id)
        .sort(),
    ).toEqual(['customerManage/pricePlan', 'customerManage/rolePermission', 'location/proxy', 'platformUser/staffManage']);
  });

  it('exports each page with its import template’s headers in the reader’s language, and a dry run takes every row back', async () => {
    const problems: string[] = [];
    let pagesWithRows = 0;
    for (const [i, page] of creating().filter(importable).entries()) {
      const lang = LANGS[i % LANGS.length];
      const table = page.resource!.table;
      const count = Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      const xlsx = await exportXlsx(page.id, lang);
      const rows = await sheetRows(xlsx);
      const template = templateHeader(importColumns(page, true), lang);
      expect(rows[0].slice(0, template.length), page.id).toEqual(template);
      if (!count) continue;
      pagesWithRows++;
      // The exported records are still in the table: their unique values are moved aside while the
      // file is checked, as if it were imported into another database, and put back after.
      // Organisations and accounts stay as they are (sessions read them): there a row may only be refused as already present.
      const core = table.startsWith('sys_');
      const unique = core
        ? []
        : Object.entries(page.model!.properties)
            .filter(([, f]) => f['x-unique'] && f.type === 'string')
            .map(([k]) => k);
      for (const k of unique)
        await db()
          .updateTable(table)
          .set({ [k]: sql`'~' || ${sql.ref(k)}` } as never)
          .execute();
      try {
        const { payload, headers } = multipart('export.xlsx', xlsx);
        const res = await t.app.inject({
          method: 'POST',
          url: pageUrl(page.id, `/import?dryRun=1&tzOffset=${CHINA}`),
          headers: { ...headers, authorization: `Bearer ${admin.token}`, 'accept-language': lang },
          payload,
        });
        const report = res.statusCode === 200 ? dataOf(res) : null;
        if (!report) problems.push(`${page.id}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        const duplicate = (m: string) => core && /already|已存在|ya existe|既に/.test(m);
        if (report) report.errors = report.errors.filter((e: { msg: string }) => !duplicate(e.msg));
        if (!report) {
          /* reported above */
        } else if (report.errors.length)
          problems.push(`${page.id}: ${report.errors.length} errors, e.g. ${JSON.stringify(report.errors.slice(0, 3))}`);
        else if (!core && report.valid !== rows.length - 1) problems.push(`${page.id}: ${report.valid} valid of ${rows.length - 1}`);
      } finally {
        for (const k of unique)
          await db()
            .updateTable(table)
            .set({ [k]: sql`substr(${sql.ref(k)}, 2)` } as never)
            .where(k, 'like', '~%')
            .execute();
      }
    }
    expect(problems).toEqual([]);
    expect(pagesWithRows).toBeGreaterThan(40);
    // Every page's rows, exported and read back in four languages: minutes on a loaded machine.
  }, 300_000);

  it('writes money, numbers and times as typed cells with formats, which the import reads back exactly', async () => {
    const page = t.app.ctx.schemas.pages.get('tms/waybill/waybill')!;
    const xlsx = await exportXlsx(page.id, 'en');
    const sheet = zipEntry(xlsx, 'xl/worksheets/sheet1.xml')!;
    const styles = zipEntry(xlsx, 'xl/styles.xml')!;
    expect(styles).toContain('formatCode="yyyy-mm-dd hh:mm:ss"');
    const rows = await sheetRows(xlsx);
    const template = importColumns(page, true);
    const stored = (await db().selectFrom('tms_waybill').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute()).map(
      (r) => toRecord(page, r as never),
    );
    expect(rows.length - 1).toBe(stored.length);
    let money = 0;
    let times = 0;
    template.forEach((c, col) => {
      if (c.field.type === 'integer' && isMoney(c.field)) {
        rows.slice(1).forEach((cells, r) => {
          if (stored[r][c.name] === null) return;
          expect(typeof cells[col]).toBe('number');
          expect(convertCell(c.field, cells[col], CHINA)).toBe(stored[r][c.name]);
          money++;
        });
      }
      if (c.field.format === 'date-time') {
        rows.slice(1).forEach((cells, r) => {
          if (!stored[r][c.name]) return;
          expect(typeof cells[col]).toBe('number');
          expect(convertCell(c.field, cells[col], CHINA)).toBe(stored[r][c.name]);
          times++;
        });
      }
    });
    expect(money).toBeGreaterThan(stored.length * 3);
    expect(times).toBeGreaterThan(0);
    // Money cells carry the two-decimal format (style 2), times theirs (style 4).
    expect(sheet).toMatch(/<c r="[A-Z]+2" s="2"><v>-?\d+(\.\d{1,2})?<\/v><\/c>/);
    expect(sheet).toMatch(/<c r="[A-Z]+2" s="4"><v>\d+(\.\d+)?<\/v><\/c>/);
  });
});
