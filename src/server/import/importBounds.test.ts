import { deflateRawSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, pageUrl, refusal, signIn, type Caller } from '../test/dataApi.js';
import { multipart } from '../test/sheets.js';

const PHONES = 'systemManage/phoneWhitelist';
const HEADER = 'Mobile number,Holder,Purpose,Expires at';

interface Part {
  name: string;
  text?: string;
  data?: Buffer;
  size?: number;
  method?: number;
}

/**
 * A ZIP written by hand, so a part may carry compressed data and a declared size that disagree, as a
 * bomb's do. `data` is the compressed bytes as sent; `size` what the directory says they inflate to.
 */
function zip(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const data = p.data ?? deflateRawSync(Buffer.from(p.text ?? ''));
    const size = p.size ?? Buffer.byteLength(p.text ?? '');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(p.method ?? 8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(p.method ?? 8, 10);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(dir, name);
    offset += 30 + name.length + data.length;
  }
  const dirBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dirBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBuf, end]);
}

const WORKBOOK: Part[] = [
  { name: '[Content_Types].xml', text: '<Types/>' },
  { name: 'xl/workbook.xml', text: '<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>' },
  { name: 'xl/_rels/workbook.xml.rels', text: '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>' },
];
const headerRow =
  '<row r="1">' +
  HEADER.split(',')
    .map((h, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${h}</t></is></c>`)
    .join('') +
  '</row>';
const sheet = (rows: string) => ({
  name: 'xl/worksheets/sheet1.xml',
  text: `<worksheet><sheetData>${headerRow}${rows}</sheetData></worksheet>`,
});
/** A sheet whose one cell is `n` bytes of "x", compressed (a few KiB per MiB), the directory telling the truth. */
function bigCell(n: number): Part {
  const head = `<worksheet><sheetData>${headerRow}<row r="2"><c r="A2" t="inlineStr"><is><t>`;
  const tail = '</t></is></c></row></sheetData></worksheet>';
  const text = Buffer.concat([Buffer.from(head), Buffer.alloc(n, 'x'), Buffer.from(tail)]);
  return { name: 'xl/worksheets/sheet1.xml', data: deflateRawSync(text, { level: 9 }), size: text.length };
}

describe.each(dialects())('imports bounded in every dimension, on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custB: Caller;
  beforeAll(async () => {
    // Upload ≤ 2 MB, so a workbook inflates to ≤ 20 MB; 50 rows.
    t = await createTestApp(dialect, { importMaxBytes: 2 * 1024 * 1024, importMaxRows: 50 });
    [admin, custB] = await Promise.all(['admin', 'cust_b'].map((u) => signIn(t.app, u)));
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (name: string, content: Buffer | string) => {
    const { payload, headers } = multipart(name, content);
    return t.app.inject({
      method: 'POST',
      url: pageUrl(PHONES, '/import?dryRun=1'),
      headers: { ...headers, authorization: `Bearer ${admin.token}`, 'accept-language': 'en' },
      payload,
    });
  };
  const refused = async (name: string, content: Buffer | string, status = 400) => {
    const res = await upload(name, content);
    const { msg } = refusal(res, status);
    // The answer names the bound, never the file's content.
    expect(res.body).not.toMatch(/xxxxxxxx|yyyyyyyy/);
    return msg;
  };

  it('refuses a workbook from its directory when its parts declare more than the bound, inflating nothing', async () => {
    // The compressed data is noise: inflating any of it would answer "not a workbook".
    const bomb = zip([...WORKBOOK, { name: 'xl/worksheets/sheet1.xml', data: randomBytes(4096), size: 1024 ** 3 }]);
    expect(await refused('bomb.xlsx', bomb, 413)).toBe('The file unpacks to more than 20 MB; split it into smaller files');
    const zip64 = zip([...WORKBOOK, { name: 'xl/worksheets/sheet1.xml', data: randomBytes(64), size: 0xffffffff }]);
    expect(await refused('bomb.xlsx', zip64, 413)).toMatch(/unpacks to more than/);
  });

  it('stops inflating a part at the size its directory declared', async () => {
    // 64 MiB of one cell compressed to ~64 KiB, declared as 2 KiB; the stream turns to noise after
    // its first 16 KiB (~16 MiB inflated): reading on past the declared size would meet the noise.
    const text = Buffer.concat([
      Buffer.from(`<worksheet><sheetData>${headerRow}<row r="2"><c t="inlineStr"><is><t>`),
      Buffer.alloc(64 * 1024 * 1024, 'y'),
    ]);
    const data = Buffer.concat([deflateRawSync(text).subarray(0, 16 * 1024), randomBytes(16 * 1024)]);
    const bomb = zip([...WORKBOOK, { name: 'xl/worksheets/sheet1.xml', data, size: 2048 }]);
    expect(await refused('bomb.xlsx', bomb)).toBe('The file is damaged: a part unpacks to more than its directory says');
  });

  it('refuses a cell over 32,767 characters without echoing it, in a sheet, in shared strings and in CSV', async () => {
    const tooLong = 'A cell holds more than 32767 characters, the most a spreadsheet cell holds';
    expect(await refused('cell.xlsx', zip([...WORKBOOK, bigCell(40_000)]))).toBe(tooLong);
    // 16 MiB in one cell, within the inflated bound: refused once the row passes 4 MiB of text.
    expect(await refused('cell.xlsx', zip([...WORKBOOK, bigCell(16 * 1024 * 1024)]))).toBe(tooLong);
    const strings = zip([
      ...WORKBOOK,
      { name: 'xl/sharedStrings.xml', text: `<sst><si><t>${'x'.repeat(40_000)}</t></si></sst>` },
      sheet('<row r="2"><c r="A2" t="s"><v>0</v></c></row>'),
    ]);
    expect(await refused('cell.xlsx', strings)).toBe(tooLong);
    expect(await refused('cell.csv', `${HEADER}\r\n13700000001,"${'x'.repeat(40_000)}",风控豁免,\r\n`)).toBe(tooLong);
    expect(await refused('cell.csv', `${HEADER}\r\n13700000001,${'x'.repeat(40_000)},风控豁免,\r\n`)).toBe(tooLong);
  });

  it('refuses more rows than the bound, in a dry run too', async () => {
    const lines = Array.from({ length: 51 }, (_, i) => `137${String(i).padStart(8, '0')},h${i},风控豁免,`);
    expect(await refused('rows.csv', `${HEADER}\r\n${lines.join('\r\n')}\r\n`)).toBe(
      'The file has more than 50 rows; split it into smaller files',
    );
    const rows = lines
      .map((l, i) => `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>${l.split(',')[0]}</t></is></c></row>`)
      .join('');
    expect(await refused('rows.xlsx', zip([...WORKBOOK, sheet(rows)]))).toMatch(/more than 50 rows/);
    // Fifty rows are read and checked.
    const fifty = dataOf(await upload('rows.csv', `${HEADER}\r\n${lines.slice(0, 50).join('\r\n')}\r\n`));
    expect(fifty.rows).toBe(50);
  });

  it('refuses values beyond 256 columns; empty formatted cells there are ignored', async () => {
    const far = zip([...WORKBOOK, sheet('<row r="2"><c r="A2"><v>1</v></c><c r="ZZZZZZZZZZ2"><v>1</v></c></row>')]);
    expect(await refused('cols.xlsx', far)).toBe('A row has values in more than 256 columns');
    const styled = dataOf(
      await upload(
        'cols.xlsx',
        zip([...WORKBOOK, sheet('<row r="2"><c r="A2" t="inlineStr"><is><t>13700000009</t></is></c><c r="XFD2" s="1"/></row>')]),
      ),
    );
    expect(styled.rows).toBe(1);
    expect(await refused('cols.csv', `${HEADER}\r\n1${',1'.repeat(300)}\r\n`)).toBe('A row has values in more than 256 columns');
    // A line of 20 MB of commas holds no value and costs no array of that length.
    expect(dataOf(await upload('cols.csv', `${HEADER}\r\n13700000008${','.repeat(1024 * 1024)}\r\n`)).rows).toBe(1);
  });

  it('reports a cell holding a zero byte or a lone surrogate as a row error, on both databases', async () => {
    const cells = zip([
      ...WORKBOOK,
      sheet(
        '<row r="2"><c r="A2" t="inlineStr"><is><t>13700000011</t></is></c><c r="B2" t="inlineStr"><is><t>a&#0;b</t></is></c></row>' +
          '<row r="3"><c r="A3" t="inlineStr"><is><t>13700000012</t></is></c><c r="B3" t="inlineStr"><is><t>&#xD800;</t></is></c></row>',
      ),
    ]);
    const report = dataOf(await upload('text.xlsx', cells));
    expect(
      report.errors.filter((e: { field: string }) => e.field === 'Holder').map((e: { row: number; msg: string }) => [e.row, e.msg]),
    ).toEqual([
      [2, 'The cell holds characters that cannot be stored (a zero byte or a lone surrogate)'],
      [3, 'The cell holds characters that cannot be stored (a zero byte or a lone surrogate)'],
    ]);
  });

  it('refuses a file that takes longer than the time bound', async () => {
    const saved = t.app.ctx.config.importMaxSeconds;
    // No time at all: the first data row finds the time spent.
    t.app.ctx.config.importMaxSeconds = 0;
    try {
      expect(await refused('slow.csv', `${HEADER}\r\n13700000001,h,风控豁免,\r\n`)).toMatch(/took longer than 0 seconds/);
    } finally {
      t.app.ctx.config.importMaxSeconds = saved;
    }
  });

  it("answers another organisation's requests while bombs are refused, and refuses each in well under its old minutes", async () => {
    const bombs = [
      zip([...WORKBOOK, { name: 'xl/worksheets/sheet1.xml', data: randomBytes(4096), size: 1024 ** 3 }]),
      zip([...WORKBOOK, bigCell(16 * 1024 * 1024)]),
      zip([...WORKBOOK, bigCell(18 * 1024 * 1024)]),
    ];
    const started = Date.now();
    const refusals = bombs.map(async (b) => {
      const res = await upload('bomb.xlsx', b);
      return { status: res.statusCode, ms: Date.now() - started };
    });
    // cust_b keeps working meanwhile: each of its requests is answered while the bombs are in flight.
    const others: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await custB.get('platformUser/department');
      expect(res.statusCode).toBe(200);
      others.push(Date.now() - started);
    }
    const done = await Promise.all(refusals);
    expect(done.map((d) => d.status).sort()).toEqual([400, 400, 413]);
    // Before the bounds the 16 MiB cell alone took 36 s; a generous bound keeps a loaded machine from failing this.
    expect(Math.max(...done.map((d) => d.ms))).toBeLessThan(5000);
    expect(others).toHaveLength(5);
  });
});
