import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { translate, type Language } from '../i18n/messages.js';
import { fieldSchema, readableFields } from '../../shared/schema/model.js';
import type { FieldSchema, PageSchema } from '../../shared/schema/types.js';
import { writeXlsx } from './xlsx.js';
import { CSV_BOM, csvLine } from './csv.js';
import { badRequest } from '../errors.js';
import type { Condition } from '../data/filters.js';
import { applyWhere } from '../data/list.js';
import { selectColumns, toRecord, type Row } from '../data/rows.js';
import { displayValue, referenceLabels } from '../data/format.js';
import { objectItemFields } from '../../shared/schema/keywordChecks.js';
import { importColumns, importable, templateHeader } from '../import/columns.js';
import { typedCell, type SheetCell } from './sheetCells.js';
import { dynamicView } from '../db/connect.js';

const BATCH = 1000;

/** The columns an export writes: the list's columns, never secrets. */
export function exportColumns(page: PageSchema): string[] {
  const readable = new Set(readableFields(page));
  const cols = (page.list?.columns ?? []).map((c) => (typeof c === 'string' ? c : c.field)).filter((c) => readable.has(c));
  return cols.length ? cols : [...readable];
}

/**
 * The columns and headers of an export. A page that imports writes its import template's columns
 * first, with the template's headers in the reader's language, so the file can be imported back;
 * the list's other columns (state, computed figures, times) follow, and the import passes over them.
 */
export function exportLayout(page: PageSchema, lang: Language, platformCaller: boolean): { columns: string[]; headers: string[] } {
  const listed = exportColumns(page);
  if (!importable(page)) return { columns: listed, headers: listed.map((c) => translate(lang, fieldSchema(page, c)?.title ?? c)) };
  const template = importColumns(page, platformCaller);
  const names = new Set(template.map((c) => c.name));
  const rest = listed.filter((c) => !names.has(c));
  return {
    columns: [...template.map((c) => c.name), ...rest],
    headers: [...templateHeader(template, lang), ...rest.map((c) => translate(lang, fieldSchema(page, c)?.title ?? c))],
  };
}

const CSV_CHUNK = 64 * 1024;

export interface ExportSort {
  field: string;
  desc: boolean;
}

/**
 * Rows in the list's order, a batch at a time (keyset paging on the sort field and id), so memory
 * stays flat however many rows match. Rows without a value in the sort field come last, by id.
 */
async function* batches(ctx: AppContext, page: PageSchema, conditions: Condition[], sort: ExportSort): AsyncGenerator<Row[]> {
  const dir = sort.desc ? 'desc' : 'asc';
  const after = sort.desc ? '<' : '>';
  const table = page.resource!.table;
  const byField = sort.field !== 'id';
  let last: { value: unknown; id: number } | undefined;
  for (;;) {
    let q = applyWhere(dynamicView(ctx.database.db).selectFrom(table).select(selectColumns(page)), conditions);
    if (byField) {
      const f = sort.field;
      q = q.where(f, 'is not', null);
      if (last) {
        const { value, id } = last;
        // The plain bound (<= or >=) lets the database seek the sort field's index to where the last
        // batch ended. With bound parameters SQLite cannot derive that range from the OR alone, and
        // scanned every row before it again for each batch: the export slowed as it went.
        q = q
          .where(f, sort.desc ? '<=' : '>=', value as never)
          .where((eb) => eb.or([eb(f, after, value as never), eb.and([eb(f, '=', value as never), eb('id', after, id)])]));
      }
      q = q.orderBy(f, dir);
    } else if (last) q = q.where('id', after, last.id);
    const rows = (await q.orderBy('id', dir).limit(BATCH).execute()) as Row[];
    if (rows.length) {
      yield rows.map((r) => toRecord(page, r));
      const end = rows[rows.length - 1];
      last = { value: byField ? end[sort.field] : undefined, id: Number(end.id) };
    }
    if (rows.length < BATCH) break;
  }
  if (byField) yield* nullsLast(ctx, page, conditions, sort, dir, after);
}

async function* nullsLast(
  ctx: AppContext,
  page: PageSchema,
  conditions: Condition[],
  sort: ExportSort,
  dir: 'asc' | 'desc',
  after: '<' | '>',
): AsyncGenerator<Row[]> {
  let lastId: number | undefined;
  for (;;) {
    let q = applyWhere(dynamicView(ctx.database.db).selectFrom(page.resource!.table).select(selectColumns(page)), conditions).where(
      sort.field,
      'is',
      null,
    );
    if (lastId !== undefined) q = q.where('id', after, lastId);
    const rows = (await q.orderBy('id', dir).limit(BATCH).execute()) as Row[];
    if (rows.length) {
      yield rows.map((r) => toRecord(page, r));
      lastId = Number(rows[rows.length - 1].id);
    }
    if (rows.length < BATCH) return;
  }
}

/** The array-of-objects field that the schema exports as one row per item, if any (x-export: rows). */
function rowsField(page: PageSchema, columns: string[]): string | undefined {
  return columns.find((c) => page.model?.properties[c]?.['x-export'] === 'rows');
}

export function sendExport(
  ctx: AppContext,
  reply: FastifyReply,
  page: PageSchema,
  conditions: Condition[],
  format: unknown,
  lang: Language,
  tzOffset: number,
  sort: ExportSort = { field: 'id', desc: false },
  mask: ((r: Row) => Row) | null = null,
  platformCaller = true,
) {
  if (format !== 'csv' && format !== 'xlsx') throw badRequest('server.data.badFormat');
  const { columns, headers } = exportLayout(page, lang, platformCaller);
  const perItem = rowsField(page, columns);
  const subs = perItem ? objectItemFields(page.model!.properties[perItem]) : [];
  const header = columns.flatMap((c, i) =>
    c === perItem ? subs.map(([, sf]) => `${headers[i]} · ${translate(lang, sf.title)}`) : [headers[i]],
  );
  // A workbook holds money, numbers and times as numbers with formats (a sheet can add them up); CSV holds text.
  const cell = (f: FieldSchema | undefined, v: unknown, label: (k: unknown) => string | undefined): SheetCell =>
    (format === 'xlsx' ? typedCell(f, v, tzOffset) : undefined) ?? displayValue(f, v, lang, tzOffset, label);
  async function* cells(): AsyncGenerator<SheetCell[]> {
    for await (const rows of batches(ctx, page, conditions, sort)) {
      const labels = await referenceLabels(ctx, page, columns, rows);
      for (const raw of rows) {
        // Masked values are written masked; a masked reference still shows its record's label.
        const r = mask ? mask(raw) : raw;
        const label = (c: string, k: unknown) =>
          labels.get(c)?.get(String(k)) ?? (r[c] !== raw[c] ? labels.get(c)?.get(String(raw[c])) : undefined);
        const line = (item?: Row) =>
          columns.flatMap((c) =>
            c === perItem
              ? subs.map(([k, sf]) => cell(sf, item?.[k], () => undefined))
              : [cell(fieldSchema(page, c), r[c], (k) => label(c, k))],
          );
        // One row per item, the record's other columns repeated; a record without items still gets its row.
        const items = perItem && Array.isArray(r[perItem]) ? (r[perItem] as Row[]) : [];
        if (perItem && items.length) for (const item of items) yield line(item);
        else yield line();
      }
    }
  }
  const out = new PassThrough();
  const push = async (chunk: Buffer | string) => {
    if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
  };
  const run = async () => {
    if (format === 'csv') {
      // Lines leave in chunks of about 64 KiB: written one by one, each line was a chunk of its own
      // for the compression stream, which then ran at a quarter of the speed of sending them plain.
      let batch = CSV_BOM + csvLine(header);
      for await (const row of cells()) {
        batch += csvLine(row as (string | number | null)[]);
        if (batch.length >= CSV_CHUNK) {
          await push(batch);
          batch = '';
        }
      }
      await push(batch);
    } else {
      await writeXlsx(push, translate(lang, page.title), header, cells());
    }
  };
  run().then(
    () => out.end(),
    (err) => out.destroy(err),
  );
  const name = `${page.id.replace(/\//g, '-')}-${new Date().toISOString().slice(0, 10)}.${format}`;
  reply.header(
    'Content-Type',
    format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  reply.header('Content-Disposition', `attachment; filename="${name}"`);
  return reply.send(out);
}
