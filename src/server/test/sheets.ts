import { ZipWriter } from '../export/zipStream.js';
import { residentIdCheckChar } from '../../shared/validators.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * An XLSX as spreadsheet programs write it: text in the shared-strings part, numbers (and date
 * serials) as numeric cells, a blank row in the middle. Rows are arrays of cells; null is empty.
 */
export async function xlsxFile(rows: (string | number | null)[][]): Promise<Buffer> {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const sheetRows = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1 + (r >= 2 ? 1 : 0)}">${cells
          .map((v, c) => {
            const ref = `${String.fromCharCode(65 + c)}${r + 1 + (r >= 2 ? 1 : 0)}`;
            if (v === null) return '';
            if (typeof v === 'number') return `<c r="${ref}"><v>${v}</v></c>`;
            if (!index.has(v)) {
              index.set(v, strings.length);
              strings.push(v);
            }
            return `<c r="${ref}" t="s"><v>${index.get(v)}</v></c>`;
          })
          .join('')}</row>`,
    )
    .join('');
  const chunks: Buffer[] = [];
  const zip = new ZipWriter(async (c) => {
    chunks.push(c);
  });
  await zip.addFile('[Content_Types].xml', [
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  ]);
  await zip.addFile('xl/workbook.xml', ['<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId7"/></sheets></workbook>']);
  await zip.addFile('xl/_rels/workbook.xml.rels', [
    '<Relationships><Relationship Id="rId7" Type="worksheet" Target="worksheets/data.xml"/></Relationships>',
  ]);
  await zip.addFile('xl/sharedStrings.xml', [
    `<sst>${strings.map((s) => `<si><t>${esc(s)}</t><rPh><t>ignored</t></rPh></si>`).join('')}</sst>`,
  ]);
  // Row 3 is left out: a blank line in the sheet.
  await zip.addFile('xl/worksheets/data.xml', [`<worksheet><sheetData>${sheetRows}</sheetData></worksheet>`]);
  await zip.finish();
  return Buffer.concat(chunks);
}

/** A valid resident ID number for a serial (born 1990-01-01, in Beijing). */
export function residentId(serial: number): string {
  const body = `11010519900101${String(serial % 1000).padStart(3, '0')}`;
  return body + residentIdCheckChar(body);
}

/** A multipart body with one file, as a browser sends it. */
export function multipart(filename: string, content: Buffer | string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----scop${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
