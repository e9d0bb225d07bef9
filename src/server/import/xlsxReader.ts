import fs from 'node:fs';
import { createInflateRaw } from 'node:zlib';
import { StringDecoder } from 'node:string_decoder';

/**
 * Reads the first sheet of an XLSX file row by row. The ZIP's central directory is read from the
 * end of the file, then only the shared strings and the sheet are inflated, as streams: memory holds
 * the shared strings and one chunk of the sheet, never the whole sheet.
 */
export type Cell = string | number | boolean | null;

interface Entry { name: string; method: number; compressed: number; offset: number }

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
    for (let i = tail.length - 22; i >= 0; i--) if (tail.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
    if (eocd < 0) throw new NotXlsx('no ZIP directory');
    const count = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    const dir = await readAt(fd, dirOffset, dirSize);
    const entries = new Map<string, Entry>();
    let p = 0;
    for (let n = 0; n < count && p + 46 <= dir.length; n++) {
      if (dir.readUInt32LE(p) !== 0x02014b50) throw new NotXlsx('bad ZIP directory');
      const nameLen = dir.readUInt16LE(p + 28);
      const name = dir.subarray(p + 46, p + 46 + nameLen).toString('utf8');
      const local = dir.readUInt32LE(p + 42);
      const head = await readAt(fd, local, 30);
      if (head.length < 30 || head.readUInt32LE(0) !== 0x04034b50) throw new NotXlsx('bad ZIP entry');
      entries.set(name, { name, method: dir.readUInt16LE(p + 10), compressed: dir.readUInt32LE(p + 20), offset: local + 30 + head.readUInt16LE(26) + head.readUInt16LE(28) });
      p += 46 + nameLen + dir.readUInt16LE(p + 30) + dir.readUInt16LE(p + 32);
    }
    return entries;
  } finally {
    await fd.close();
  }
}

/** The text of one entry, chunk by chunk. */
async function* entryText(file: string, e: Entry): AsyncGenerator<string> {
  if (e.method !== 0 && e.method !== 8) throw new NotXlsx(`unsupported ZIP compression ${e.method}`);
  const raw = fs.createReadStream(file, { start: e.offset, end: e.offset + e.compressed - 1, highWaterMark: 256 * 1024 });
  const stream = e.method === 8 ? raw.pipe(createInflateRaw()) : raw;
  const decoder = new StringDecoder('utf8');
  for await (const chunk of stream) yield decoder.write(chunk as Buffer);
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
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : ENTITIES[e]);
}

/** The text of a string item: its <t> runs joined; phonetic guides (<rPh>, Japanese ruby) left out. */
function itemText(xml: string): string {
  let out = '';
  const plain = xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
  for (const m of plain.matchAll(/<t\b[^>]*?(?:\/>|>([\s\S]*?)<\/t>)/g)) out += unescapeXml(m[1] ?? '');
  return out;
}

async function sharedStrings(file: string, e: Entry | undefined): Promise<string[]> {
  const out: string[] = [];
  if (!e) return out;
  let buf = '';
  for await (const part of entryText(file, e)) {
    buf += part;
    const end = buf.lastIndexOf('</si>');
    if (end < 0) continue;
    for (const m of buf.slice(0, end + 5).matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)) out.push(itemText(m[1] ?? ''));
    buf = buf.slice(end + 5);
  }
  return out;
}

/** The first sheet's part name, through the workbook and its relationships. */
async function firstSheet(file: string, entries: Map<string, Entry>): Promise<Entry> {
  const workbook = await wholeText(file, entries.get('xl/workbook.xml'));
  const rid = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook)?.[1];
  const rels = await wholeText(file, entries.get('xl/_rels/workbook.xml.rels'));
  const target = rid ? new RegExp(`<Relationship\\b[^>]*Id="${rid}"[^>]*Target="([^"]+)"`).exec(rels)?.[1]
    ?? new RegExp(`<Relationship\\b[^>]*Target="([^"]+)"[^>]*Id="${rid}"`).exec(rels)?.[1] : undefined;
  const name = target ? (target.startsWith('/') ? target.slice(1) : `xl/${target}`) : 'xl/worksheets/sheet1.xml';
  const e = entries.get(name) ?? [...entries.values()].find((x) => /^xl\/worksheets\/sheet\d+\.xml$/.test(x.name));
  if (!e) throw new NotXlsx('no worksheet');
  return e;
}

function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const attr = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];

function parseRow(xml: string, strings: string[]): Cell[] {
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
    if (type === 's') value = v === undefined ? null : strings[Number(v)] ?? null;
    else if (type === 'inlineStr') value = itemText(inner);
    else if (type === 'str' || type === 'e') value = v === undefined ? null : unescapeXml(v);
    else if (type === 'b') value = v === '1';
    else if (v !== undefined && v !== '') value = Number(v);
    cells[col] = value;
  }
  for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
  return cells;
}

/** Rows of the first sheet as [excel row number, cells]; blank rows are skipped. */
export async function* readXlsxRows(file: string): AsyncGenerator<[number, Cell[]]> {
  const entries = await centralDirectory(file);
  if (!entries.has('[Content_Types].xml') || !entries.has('xl/workbook.xml')) throw new NotXlsx('not a workbook');
  const strings = await sharedStrings(file, entries.get('xl/sharedStrings.xml'));
  let buf = '';
  let lastRow = 0;
  for await (const part of entryText(file, await firstSheet(file, entries))) {
    buf += part;
    const end = buf.lastIndexOf('</row>');
    if (end < 0) continue;
    const block = buf.slice(0, end);
    buf = buf.slice(end + 6);
    for (const piece of block.split('</row>')) {
      const start = piece.lastIndexOf('<row');
      if (start < 0) continue;
      const close = piece.indexOf('>', start);
      const r = Number(attr(piece.slice(start, close), 'r')) || lastRow + 1;
      lastRow = r;
      const cells = parseRow(piece.slice(close + 1), strings);
      if (cells.some((c) => c !== null && c !== '')) yield [r, cells];
    }
  }
}
