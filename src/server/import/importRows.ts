import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { Db } from '../db/connect.js';
import { AppError, badRequest, tooLarge } from '../errors.js';
import { translate, type Language } from '../i18n/messages.js';
import type { PageAccess } from '../data/access.js';
import { afterWrite } from '../data/hooks.js';
import { toStored, type Row } from '../data/rows.js';
import { checkRules, validateRecord } from '../data/validateBody.js';
import { cannotApply, prefetchRuleRefs, ruleContext } from '../data/ruleRefs.js';
import { forgetAggregates, prefetchAggregates } from '../data/ruleAggregates.js';
import { lockGroups, lockKeys } from '../data/ruleLocks.js';
import { PendingFigures } from './pendingFigures.js';
import { fillFromReferences } from '../data/refFill.js';
import { computeValues } from '../../shared/schema/computed.js';
import { sequenceDay } from '../data/sequence.js';
import { CellError, convertCell } from './convert.js';
import { importColumns, matchHeaders, passedOver, type ImportColumn } from './columns.js';
import { RefResolver } from './refs.js';
import { NotXlsx, readXlsxRows, type Cell } from './xlsxReader.js';
import { readCsvRows } from './csvReader.js';
import { ImportWriter } from './writeRows.js';
import { ImportLimit, importLimits, type ImportLimits } from './limits.js';
import { dynamicView } from '../db/connect.js';

export interface ImportError {
  row: number;
  field: string;
  msg: string;
}
export interface ImportReport {
  rows: number;
  valid: number;
  errors: ImportError[];
  errorsTruncated?: boolean;
  imported?: number;
}

// 1,000 rows of ~12 columns stay under SQLite's 32,766 bound parameters per statement.
const BATCH = 1000;
const MAX_ERRORS = 200;

interface Pending {
  row: number;
  values: Row;
  refs: Record<string, string | string[]>;
  failed: boolean;
  bad: Set<string>;
}

class Rollback extends Error {
  constructor(readonly report: ImportReport) {
    super('import rolled back');
  }
}

/**
 * Reads a whole file, checking every row as a create would (types, enum labels, references,
 * unique values, required fields); without dryRun the rows are written in one transaction, and
 * a single bad row leaves the table as it was. Rows are handled in batches, so memory stays flat
 * whatever the file's length.
 */
export async function importFile(
  ctx: AppContext,
  access: PageAccess,
  file: string,
  format: 'xlsx' | 'csv',
  opts: { dryRun: boolean; lang: Language; tzOffset: number },
): Promise<ImportReport> {
  const page = access.page;
  const columns = importColumns(page, access.user.partyKind === 'platform');
  const limits = importLimits(ctx.config);
  const rows = format === 'xlsx' ? readXlsxRows(file, limits) : readCsvRows(file, limits);
  const job = new ImportJob(ctx, access, columns, opts, limits);
  if (opts.dryRun) return job.run(ctx.database.db, rows);
  // A large import's pages stay in memory until its one transaction commits; SQLite's default 2 MB
  // page cache would spill them and re-read index pages on every batch.
  if (ctx.database.dialect === 'sqlite') await sql`PRAGMA cache_size = -65536`.execute(ctx.database.db);
  try {
    const report = await ctx.database.db.transaction().execute(async (trx) => {
      const r = await job.run(trx, rows);
      if (r.errors.length || r.errorsTruncated) throw new Rollback(r);
      return r;
    });
    afterWrite(access);
    return report;
  } catch (err) {
    if (err instanceof Rollback)
      throw badRequest('ops.server.import.rejected', { count: new Set(err.report.errors.map((e) => e.row)).size }, { data: err.report });
    const code = (err as { code?: string })?.code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') throw badRequest('ops.server.import.duplicateRow');
    throw err;
  }
}

class ImportJob {
  private report: ImportReport = { rows: 0, valid: 0, errors: [] };
  private refs: RefResolver;
  private seenUnique = new Map<string, Set<string>>();
  private sequences = new Map<string, number>();
  private ruleRefs = new Map<string, Row | null>();
  private byIndex: (ImportColumn | null)[] = [];
  private platform: boolean;
  private sequenced: boolean;
  private writer?: ImportWriter;
  private figures: PendingFigures;
  private locked = new Set<string>();

  private deadline: number;

  constructor(
    private ctx: AppContext,
    private access: PageAccess,
    private columns: ImportColumn[],
    private opts: { dryRun: boolean; lang: Language; tzOffset: number },
    private limits: ImportLimits,
  ) {
    this.deadline = Date.now() + limits.maxMs;
    this.refs = new RefResolver(ctx, access);
    this.platform = access.user.partyKind === 'platform';
    this.sequenced = Object.values(access.page.model!.properties).some((f) => f['x-sequence']);
    this.figures = new PendingFigures(ctx, access.page);
  }

  private title(name: string): string {
    const f = this.access.page.model?.properties[name] ?? this.columns.find((c) => c.name === name)?.field;
    return f ? translate(this.opts.lang, f.title) : name;
  }

  private fail(row: number, field: string, key: string, params: Record<string, unknown> = {}) {
    if (this.report.errors.length >= MAX_ERRORS) {
      this.report.errorsTruncated = true;
      return;
    }
    const title = field ? this.title(field) : '';
    this.report.errors.push({ row, field: title, msg: withoutFieldPrefix(translate(this.opts.lang, key, params), title) });
  }

  async run(db: Db, source: AsyncGenerator<[number, Cell[]]>): Promise<ImportReport> {
    let header = true;
    let batch: Pending[] = [];
    try {
      for await (const [r, cells] of source) {
        if (header) {
          header = false;
          if (!this.readHeader(r, cells)) return this.report;
          continue;
        }
        if (this.report.rows >= this.limits.maxRows) throw new ImportLimit('ops.server.import.tooManyRows', { max: this.limits.maxRows });
        if (Date.now() >= this.deadline)
          throw new ImportLimit('ops.server.import.tooSlow', { seconds: Math.round(this.limits.maxMs / 1000) });
        batch.push(this.convert(r, cells));
        if (batch.length >= BATCH) {
          await this.flush(db, batch);
          batch = [];
        }
      }
    } catch (err) {
      if (err instanceof ImportLimit) throw (err.status === 413 ? tooLarge : badRequest)(err.key, err.params);
      if (err instanceof NotXlsx) throw badRequest('ops.server.import.notXlsx');
      if ((err as { code?: string }).code === 'Z_DATA_ERROR') throw badRequest('ops.server.import.notXlsx');
      throw err;
    }
    if (batch.length) await this.flush(db, batch);
    if (header || this.report.rows === 0) throw badRequest('ops.server.import.empty');
    // A row's cell problems are found before its model problems: the report reads row by row.
    this.report.errors.sort((a, b) => a.row - b.row);
    return this.report;
  }

  private readHeader(r: number, cells: Cell[]): boolean {
    const m = matchHeaders(this.columns, cells, passedOver(this.access.page, this.columns));
    this.byIndex = m.byIndex;
    for (const h of m.unknown) this.fail(r, '', 'ops.server.import.unknownColumn', { column: h.slice(0, 40) });
    for (const h of m.duplicate) this.fail(r, '', 'ops.server.import.duplicateColumn', { column: h.slice(0, 40) });
    for (const c of m.missing)
      this.fail(r, c.name, 'ops.server.import.missingColumn', { column: translate(this.opts.lang, c.field.title) });
    return this.report.errors.length === 0;
  }

  /** One row's cells → values; references are kept as text until the batch resolves them. */
  private convert(row: number, cells: Cell[]): Pending {
    const p: Pending = { row, values: {}, refs: {}, failed: false, bad: new Set() };
    this.report.rows++;
    this.byIndex.forEach((c, i) => {
      if (!c) return;
      try {
        const v = convertCell(c.field, cells[i] ?? null, this.opts.tzOffset);
        if (v === undefined) return;
        if (c.field['x-ref']) p.refs[c.name] = v as string | string[];
        else p.values[c.name] = v;
      } catch (err) {
        if (!(err instanceof CellError)) throw err;
        p.failed = true;
        p.bad.add(c.name);
        this.fail(row, c.name, err.key, err.params);
      }
    });
    return p;
  }

  private async flush(db: Db, batch: Pending[]): Promise<void> {
    const page = this.access.page;
    for (const c of this.columns.filter((x) => x.field['x-ref'])) {
      const wanted = batch.flatMap((p) => ([] as string[]).concat(p.refs[c.name] ?? []));
      if (wanted.length) await this.refs.load(db, c.name, c.field, wanted);
    }
    // The whole batch's references first, so the records its rules name are read in one query.
    for (const p of batch) {
      for (const [name, v] of Object.entries(p.refs)) {
        try {
          p.values[name] = Array.isArray(v) ? v.map((x) => this.refs.resolve(name, x)) : this.refs.resolve(name, v);
        } catch (err) {
          if (!(err instanceof CellError)) throw err;
          p.failed = true;
          p.bad.add(name);
          this.fail(p.row, name, err.key, err.params);
        }
      }
    }
    const resolved = batch.filter((p) => !p.failed).map((p) => p.values);
    await prefetchRuleRefs(this.ctx, page, resolved, db, this.ruleRefs);
    // Figures over the page's own table are read per row once its group is locked (checkRules),
    // unless nothing is written.
    if (this.opts.dryRun || this.figures.empty) {
      const records = resolved.map((v) => this.ruleRecord(v));
      await prefetchAggregates(this.ctx, page, records, db, this.ruleRefs, (rule, r) => !cannotApply(rule, r));
    }
    const good: Pending[] = [];
    for (const p of batch) {
      // Fields a chosen record fills (x-ref-fill) and the file leaves out come from that record, as in a create.
      if (!p.failed) await fillFromReferences(this.ctx, page, p.values, db, this.ruleRefs);
      // The model's rules run on the other cells too, so one upload shows every problem of a row.
      if (this.validate(p) && !p.failed && (await this.checkRules(db, p))) good.push(p);
    }
    // A batch's figures are its own: what this batch writes (and its hooks) may change the next one's.
    forgetAggregates(this.ruleRefs);
    await this.checkUnique(db, batch);
    const ok = good.filter((p) => !p.failed);
    this.report.valid += ok.length;
    if (!this.opts.dryRun && !this.report.errors.length && ok.length) {
      await this.insert(db, ok);
      this.figures.clear();
    }
  }

  private validate(p: Pending): boolean {
    const page = this.access.page;
    const { partyCode, ...values } = p.values;
    for (const [name, f] of Object.entries(page.model!.properties)) {
      if (values[name] === undefined && f.default !== undefined && !f.readOnly && !f['x-generated']) values[name] = f.default;
    }
    if (page.states) delete values[page.states.field];
    try {
      // The initial state is validated with the row where a create may name it; a read-only state is the server's alone.
      const stateWritable = page.states && !page.model!.properties[page.states.field]?.readOnly;
      validateRecord(
        page,
        'create',
        stateWritable
          ? { ...values, [page.states!.field]: page.states!.initial ?? page.model!.properties[page.states!.field].enum![0] }
          : values,
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      for (const [field, e] of Object.entries(err.fieldErrors ?? {})) if (!p.bad.has(field)) this.fail(p.row, field, e.key, e.params);
      p.failed = true;
      return false;
    }
    p.values = partyCode === undefined ? values : { ...values, partyCode };
    return true;
  }

  /** The row as a create would store it: its organisation, initial state and computed values. */
  private ruleRecord(values: Row): Row {
    const page = this.access.page;
    const party =
      page.resource!.scope === 'party'
        ? { partyCode: this.platform && values.partyCode ? values.partyCode : this.access.user.partyCode }
        : {};
    const state = page.states ? { [page.states.field]: page.states.initial ?? page.model!.properties[page.states.field].enum![0] } : {};
    const record = { ...values, ...party, ...state };
    Object.assign(record, computeValues(page, record, 'stored'));
    return record;
  }

  /**
   * The page's cross-field rules (and those reading referenced records, rules[].with) on the row as a
   * create would store it: its organisation, initial state and computed values.
   */
  private async checkRules(db: Db, p: Pending): Promise<boolean> {
    const page = this.access.page;
    const record = this.ruleRecord(p.values);
    // An import's transaction holds each aggregate group it reads until it commits, as a single write does (ruleLocks.ts).
    if (!this.opts.dryRun && !this.figures.empty) {
      const keys = lockKeys(this.ctx, page, record).filter((k) => !this.locked.has(k));
      await lockGroups(this.ctx, db, keys);
      for (const k of keys) this.locked.add(k);
    }
    const context = await ruleContext(this.ctx, page, record, db, this.ruleRefs);
    this.figures.addTo(record, context);
    try {
      checkRules(page, record, context);
      // Counted from here on, for the rows after it (a row refused later for a duplicate value fails the whole import anyway).
      this.figures.add(record);
      return true;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      for (const [field, e] of Object.entries(err.fieldErrors ?? {})) this.fail(p.row, field, e.key, e.params);
      p.failed = true;
      return false;
    }
  }

  /** Unique fields: not twice in the file, and not already in the table. */
  private async checkUnique(db: Db, rows: Pending[]): Promise<void> {
    const page = this.access.page;
    for (const [name, f] of Object.entries(page.model!.properties)) {
      if (!f['x-unique']) continue;
      let seen = this.seenUnique.get(name);
      if (!seen) this.seenUnique.set(name, (seen = new Set()));
      const mine = rows.filter((p) => p.values[name] !== undefined && p.values[name] !== null && !p.bad.has(name));
      const values = mine.map((p) => toStored(this.ctx.database, page, { [name]: p.values[name] })[name] as string | number);
      const taken = new Set<string>();
      for (let i = 0; i < values.length; i += 500) {
        const found = await dynamicView(db)
          .selectFrom(page.resource!.table)
          .select(name)
          .where(name, 'in', values.slice(i, i + 500) as never[])
          .execute();
        for (const r of found) taken.add(String(r[name]));
      }
      mine.forEach((p, i) => {
        const v = String(values[i]);
        if (taken.has(v) || seen!.has(v)) {
          p.failed = true;
          this.fail(p.row, name, 'server.data.duplicate', { field: f.title, value: v.slice(0, 40) });
        }
        seen!.add(v);
      });
    }
  }

  private async nextNumbers(db: Db, p: Pending): Promise<void> {
    const page = this.access.page;
    for (const [name, f] of Object.entries(page.model!.properties)) {
      const seq = f['x-sequence'];
      if (!seq || (typeof p.values[name] === 'string' && p.values[name] !== '')) continue;
      const stem = `${seq.prefix}${sequenceDay()}`;
      let n = this.sequences.get(`${name}:${stem}`);
      if (n === undefined) {
        const last = await dynamicView(db)
          .selectFrom(page.resource!.table)
          .select(name)
          .where(name, 'like', `${stem}%`)
          .orderBy(name, 'desc')
          .limit(1)
          .executeTakeFirst();
        n = last ? Number(String(last[name]).slice(stem.length)) || 0 : 0;
      }
      this.sequences.set(`${name}:${stem}`, ++n);
      p.values[name] = `${stem}${String(n).padStart(seq.digits, '0')}`;
    }
  }

  private async insert(db: Db, rows: Pending[]): Promise<void> {
    if (this.sequenced) for (const p of rows) await this.nextNumbers(db, p);
    this.writer ??= new ImportWriter(this.ctx, this.access.page, this.access.user, this.platform, db);
    this.report.imported = (this.report.imported ?? 0) + (await this.writer.write(rows.map((p) => p.values)));
  }
}

/**
 * A rule's message names its field first ("Settlement no.: … fully paid"), as a form's summary
 * needs; the report has a column for the field, so the message there starts after it.
 */
export function withoutFieldPrefix(msg: string, title: string): string {
  if (!title) return msg;
  for (const colon of [': ', '：', ':']) if (msg.startsWith(title + colon)) return msg.slice(title.length + colon.length).trimStart();
  return msg;
}
