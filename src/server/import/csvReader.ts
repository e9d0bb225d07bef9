import fs from 'node:fs';
import type { Cell } from './xlsxReader.js';
import { cellTooLong, tooManyColumns, type ImportLimits } from './limits.js';

/**
 * Reads a CSV file row by row (RFC 4180: quoted fields may hold commas, quotes and line breaks).
 * UTF-8 with or without a byte-order mark; a file that is not valid UTF-8 is read as GB18030, the
 * encoding Excel on a Chinese system saves CSV in.
 */
function encodingOf(file: string): string {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    // A multi-byte character cut at the end of the sample is not an encoding error.
    let sample = head.subarray(0, n);
    for (let cut = 0; cut < 4 && sample.length; cut++) {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(sample);
        return 'utf-8';
      } catch {
        if (n < head.length) break;
        sample = sample.subarray(0, sample.length - 1);
      }
    }
    return 'gb18030';
  } finally {
    fs.closeSync(fd);
  }
}

/** Rows as [line number, cells]; a cell over the bound, or a row with too many cells, stops the read. */
export async function* readCsvRows(file: string, limits: ImportLimits): AsyncGenerator<[number, Cell[]]> {
  const decoder = new TextDecoder(encodingOf(file), { ignoreBOM: false });
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let rowStart = 1;
  const push = () => {
    if (field.length > limits.maxCellChars) throw cellTooLong(limits);
    if (row.length < limits.maxColumns) row.push(field);
    else if (field !== '') throw tooManyColumns(limits);
  };
  const finishRow = function* (): Generator<[number, Cell[]]> {
    push();
    field = '';
    const cells = row;
    row = [];
    if (cells.some((c) => c !== '')) yield [rowStart, cells];
  };
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 })) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    let i = 0;
    while (i < text.length) {
      if (quoted) {
        const q = text.indexOf('"', i);
        if (q < 0) {
          field += text.slice(i);
          if (field.length > limits.maxCellChars) throw cellTooLong(limits);
          for (let k = i; k < text.length; k++) if (text.charCodeAt(k) === 10) line++;
          i = text.length;
          break;
        }
        const part = text.slice(i, q);
        field += part;
        for (let k = 0; k < part.length; k++) if (part.charCodeAt(k) === 10) line++;
        quoted = false;
        afterQuote = true;
        i = q + 1;
        continue;
      }
      const ch = text[i];
      if (ch === '"') {
        // "" inside a quoted field is one quote.
        if (afterQuote) field += '"';
        quoted = true;
        afterQuote = false;
        i++;
      } else if (ch === ',') {
        push();
        field = '';
        afterQuote = false;
        i++;
      } else if (ch === '\n' || ch === '\r') {
        if (ch === '\r' && text[i + 1] === '\n') i++;
        yield* finishRow();
        line++;
        rowStart = line;
        afterQuote = false;
        i++;
      } else {
        let j = i;
        while (j < text.length && text[j] !== ',' && text[j] !== '\n' && text[j] !== '\r' && text[j] !== '"') j++;
        field += text.slice(i, j);
        if (field.length > limits.maxCellChars) throw cellTooLong(limits);
        afterQuote = false;
        i = j;
      }
    }
  }
  field += decoder.decode();
  if (field !== '' || row.length) yield* finishRow();
}
