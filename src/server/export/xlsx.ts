import { ZipWriter } from './zipStream.js';
import { isTyped, type SheetCell } from './sheetCells.js';

const xmlEscape = (s: string) =>
  s
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
    // Characters XML 1.0 forbids would make the workbook unreadable.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');

function columnName(i: number): string {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** Cell styles (cellXfs) by typed cell format: money with two decimals, dates and times spelled out. */
const FORMAT_STYLE = { money: 2, date: 3, dateTime: 4 } as const;

function rowXml(r: number, cells: SheetCell[], style = 0): string {
  const s = style ? ` s="${style}"` : '';
  return `<row r="${r}">${cells
    .map((v, i) => {
      const ref = `${columnName(i)}${r}`;
      if (v === null || v === '') return '';
      if (isTyped(v)) return Number.isFinite(v.n) ? `<c r="${ref}" s="${FORMAT_STYLE[v.fmt]}"><v>${v.n}</v></c>` : '';
      if (typeof v === 'number' && Number.isFinite(v)) return `<c r="${ref}"${s}><v>${v}</v></c>`;
      return `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${xmlEscape(String(v))}</t></is></c>`;
    })
    .join('')}</row>`;
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>';
const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="5"><xf/><xf fontId="1" applyFont="1"/><xf numFmtId="4" applyNumberFormat="1"/><xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="165" applyNumberFormat="1"/></cellXfs></styleSheet>';

function workbook(sheetName: string) {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlEscape(sheetName.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

/** Writes a one-sheet workbook: a bold header row, then the rows as they come. */
export async function writeXlsx(
  push: (chunk: Buffer) => Promise<void>,
  sheetName: string,
  header: string[],
  rows: AsyncIterable<SheetCell[]>,
): Promise<void> {
  const zip = new ZipWriter(push);
  await zip.addFile('[Content_Types].xml', [CONTENT_TYPES]);
  await zip.addFile('_rels/.rels', [ROOT_RELS]);
  await zip.addFile('xl/workbook.xml', [workbook(sheetName)]);
  await zip.addFile('xl/_rels/workbook.xml.rels', [WORKBOOK_RELS]);
  await zip.addFile('xl/styles.xml', [STYLES]);
  async function* sheet() {
    yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>';
    yield rowXml(1, header, 1);
    let r = 2;
    let batch = '';
    for await (const cells of rows) {
      batch += rowXml(r++, cells);
      if (batch.length > 64 * 1024) {
        yield batch;
        batch = '';
      }
    }
    yield `${batch}</sheetData></worksheet>`;
  }
  await zip.addFile('xl/worksheets/sheet1.xml', sheet());
  await zip.finish();
}
