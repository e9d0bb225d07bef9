import fs from 'node:fs';
import { createInflateRaw } from 'node:zlib';
import { StringDecoder } from 'node:string_decoder';
import { ImportLimit, cellTooLong, inflatedTooLarge, tooManyColumns, type ImportLimits } from './limits.js';

/**
 * Reads the first sheet of an XLSX file row by row. The ZIP's central directory is read from the
 * end of the file, then only the shared strings and the sheet are inflated, as streams: memory holds
 * the shared strings and one chunk of the sheet, never the whole sheet. Every part is bounded
 * (`limits.ts`): the sizes the directory declares are checked before anything is inflated, and an
 * entry that inflates beyond what it declared is cut off there.
 */
export type Cell = string | number | boolean | null;

interface Entry {
  name: string;
  method: number;
  compressed: number;
  size: number;
  local: number;
}

export class NotXlsx extends Error {}

async function readAt(fd: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fd.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

async function centralDirectory(file: string): Promise<Map<string, Entry>> {
  const fd = await fs.promises.open(file, 'r');
  try {
    const size = (await fd.stat()).size;
    const tailLen = Math.min(size, 65_557);
    const tail = await readAt(fd, size - tailLen, tailLen);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--)
      if (tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    if (eocd < 0) throw new NotXlsx('no ZIP directory');
    const count = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    // The directory lies within the file; a size beyond it would allocate what the file never held.
    if (dirOffset + dirSize > size) throw new NotXlsx('bad ZIP directory');
    const dir = await readAt(fd, dirOffset, dirSize);
    const entries = new Map<string, Entry>();
    let p = 0;
    for (let n = 0; n < count && p + 46 <= dir.length; n++) {
      if (dir.readUInt32LE(p) !== 0x02014b50) throw new NotXlsx('bad ZIP directory');
      const nameLen = dir.readUInt16LE(p + 28);
      const name = dir.subarray(p + 46, p + 46 + nameLen).toString('utf8');
      entries.set(name, {
        name,
        method: dir.readUInt16LE(p + 10),
        compressed: dir.readUInt32LE(p + 20),
        size: dir.readUInt32LE(p + 24),
        local: dir.readUInt32LE(p + 42),
      });
      p += 46 + nameLen + dir.readUInt16LE(p + 30) + dir.readUInt16LE(p + 32);
    }
    return entries;
  } finally {
    await fd.close();
  }
}

/** Where an entry's data starts: after its local header, read only for the parts this reader opens. */
async function dataOffset(file: string, e: Entry): Promise<number> {
  const fd = await fs.promises.open(file, 'r');
  try {
    const head = await readAt(fd, e.local, 30);
    if (head.length < 30 || head.readUInt32LE(0) !== 0x04034b50) throw new NotXlsx('bad ZIP entry');
    return e.local + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
  } finally {
    await fd.close();
  }
}

/**
 * The parts this reader inflates, refused from the directory alone when their declared sizes go over
 * the bound (ZIP64's 0xFFFFFFFF "see elsewhere" size included: no import is that large).
 */
function checkDeclared(parts: (Entry | undefined)[], limits: ImportLimits): void {
  let total = 0;
  for (const e of parts) {
    if (!e) continue;
    if (e.method !== 0 && e.method !== 8) throw new NotXlsx(`unsupported ZIP compression ${e.method}`);
    if (e.size === 0xffffffff || e.compressed === 0xffffffff) throw inflatedTooLarge(limits);
    if (e.method === 0 && e.size !== e.compressed) throw new NotXlsx('bad ZIP entry');
    total += e.size;
  }
  if (total > limits.maxInflatedBytes) throw inflatedTooLarge(limits);
}

/** The text of one entry, chunk by chunk, never more than the directory declared. */
async function* entryText(file: string, e: Entry): AsyncGenerator<string> {
  if (e.compressed === 0) return;
  const start = await dataOffset(file, e);
  const raw = fs.createReadStream(file, { start, end: start + e.compressed - 1, highWaterMark: 256 * 1024 });
  const stream = e.method === 8 ? raw.pipe(createInflateRaw({ chunkSize: 64 * 1024 })) : raw;
  const decoder = new StringDecoder('utf8');
  let inflated = 0;
  try {
    for await (const chunk of stream) {
      inflated += (chunk as Buffer).length;
      if (inflated > e.size) throw new ImportLimit('ops.server.import.badSize');
      yield decoder.write(chunk as Buffer);
    }
  } finally {
    raw.destroy();
    stream.destroy();
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

async function wholeText(file: string, e: Entry | undefined): Promise<string> {
  if (!e) return '';
  let s = '';
  for await (const part of entryText(file, e)) s += part;
  return s;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
export function unescapeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]{1,8}|#\d{1,8}|amp|lt|gt|quot|apos);/g, (whole, e: string) => {
    if (e[0] !== '#') return ENTITIES[e];
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    // Not a character (beyond U+10FFFF): kept as written; the text checks refuse what cannot be stored.
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The text of a string item: its <t> runs joined; phonetic guides (<rPh>, Japanese ruby) left out. */
function itemText(xml: string): string {
  let out = '';
  const plain = xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
  for (const m of plain.matchAll(/<t\b[^>]*?(?:\/>|>([\s\S]*?)<\/t>)/g)) out += unescapeXml(m[1] ?? '');
  return out;
}

async function sharedStrings(file: string, e: Entry | undefined, limits: ImportLimits): Promise<string[]> {
  const out: string[] = [];
  if (!e) return out;
  let buf = '';
  for await (const part of entryText(file, e)) {
    buf += part;
    const end = buf.lastIndexOf('</si>');
    if (end < 0) {
      if (buf.length > limits.maxRowChars) throw cellTooLong(limits);
      continue;
    }
    for (const m of buf.slice(0, end + 5).matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)) {
      const text = itemText(m[1] ?? '');
      if (text.length > limits.maxCellChars) throw cellTooLong(limits);
      out.push(text);
    }
    buf = buf.slice(end + 5);
  }
  return out;
}

/** Workbook and relationship parts are a few KiB; anything far larger is not a workbook. */
const SMALL_PART = 1024 * 1024;

/** The first sheet's part name, through the workbook and its relationships. */
async function firstSheet(file: string, entries: Map<string, Entry>): Promise<Entry> {
  for (const part of ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels'])
    if ((entries.get(part)?.size ?? 0) > SMALL_PART) throw new NotXlsx('workbook part too large');
  const workbook = await wholeText(file, entries.get('xl/workbook.xml'));
  const rid = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook)?.[1];
  const rels = await wholeText(file, entries.get('xl/_rels/workbook.xml.rels'));
  const target = rid
    ? (new RegExp(`<Relationship\\b[^>]*Id="${rid}"[^>]*Target="([^"]+)"`).exec(rels)?.[1] ??
      new RegExp(`<Relationship\\b[^>]*Target="([^"]+)"[^>]*Id="${rid}"`).exec(rels)?.[1])
    : undefined;
  const name = target ? (target.startsWith('/') ? target.slice(1) : `xl/${target}`) : 'xl/worksheets/sheet1.xml';
  const e = entries.get(name) ?? [...entries.values()].find((x) => /^xl\/worksheets\/sheet\d+\.xml$/.test(x.name));
  if (!e) throw new NotXlsx('no worksheet');
  return e;
}

function columnIndex(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length && i < 8; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const attr = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];

function parseRow(xml: string, strings: string[], limits: ImportLimits): Cell[] {
  const cells: Cell[] = [];
  let next = 0;
  for (const m of xml.matchAll(CELL)) {
    const attrs = m[1];
    const inner = m[2] ?? '';
    const ref = attr(attrs, 'r');
    const col = ref ? columnIndex(ref) : next;
    next = col + 1;
    const type = attr(attrs, 't');
    const v = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
    let value: Cell = null;
    if (type === 's') value = v === undefined ? null : (strings[Number(v)] ?? null);
    else if (type === 'inlineStr') value = itemText(inner);
    else if (type === 'str' || type === 'e') value = v === undefined ? null : unescapeXml(v);
    else if (type === 'b') value = v === '1';
    else if (v !== undefined && v !== '') value = Number(v);
    if (typeof value === 'string' && value.length > limits.maxCellChars) throw cellTooLong(limits);
    // Formatted but empty cells far to the right are common; only a value there is refused.
    if (col >= limits.maxColumns) {
      if (value !== null && value !== '') throw tooManyColumns(limits);
      continue;
    }
    cells[col] = value;
  }
  for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
  return cells;
}

/** Rows of the first sheet as [excel row number, cells]; blank rows are skipped. */
export async function* readXlsxRows(file: string, limits: ImportLimits): AsyncGenerator<[number, Cell[]]> {
  const entries = await centralDirectory(file);
  if (!entries.has('[Content_Types].xml') || !entries.has('xl/workbook.xml')) throw new NotXlsx('not a workbook');
  const sheet = await firstSheet(file, entries);
  const shared = entries.get('xl/sharedStrings.xml');
  checkDeclared([entries.get('xl/workbook.xml'), entries.get('xl/_rels/workbook.xml.rels'), shared, sheet], limits);
  const strings = await sharedStrings(file, shared, limits);
  let buf = '';
  let lastRow = 0;
  for await (const part of entryText(file, sheet)) {
    buf += part;
    const end = buf.lastIndexOf('</row>');
    if (end < 0) {
      if (buf.length > limits.maxRowChars) throw cellTooLong(limits);
      continue;
    }
    const block = buf.slice(0, end);
    buf = buf.slice(end + 6);
    for (const piece of block.split('</row>')) {
      if (piece.length > limits.maxRowChars) throw cellTooLong(limits);
      const start = piece.lastIndexOf('<row');
      if (start < 0) continue;
      const close = piece.indexOf('>', start);
      const r = Number(attr(piece.slice(start, close), 'r')) || lastRow + 1;
      lastRow = r;
      const cells = parseRow(piece.slice(close + 1), strings, limits);
      if (cells.some((c) => c !== null && c !== '')) yield [r, cells];
    }
  }
}
