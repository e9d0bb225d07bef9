import type { AppContext, SessionUser } from '../context.js';
import type { Db } from '../db/connect.js';
import { BulkInsert } from '../db/bulkInsert.js';
import { recordJson, toStored, type Row } from '../data/rows.js';
import { encryptValues, generateFields } from '../data/secretValues.js';
import { encryptedFields } from '../security/secrets.js';
import { computeValues, hasComputed } from '../../shared/schema/computed.js';
import type { PageSchema } from '../../shared/schema/types.js';

const STAMP = ['createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'version'];
const AUDIT = [
  'page',
  'tableName',
  'recordId',
  'action',
  'username',
  'partyCode',
  'after',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
];

interface Shape {
  table: BulkInsert;
  after: (values: readonly unknown[]) => string;
}

/**
 * Writes checked import rows as a create would store them (generated and computed values, initial state, the
 * organisation, secrets encrypted, the system columns) with one audit row each holding the created
 * record. Rows become arrays in one column order per shape of row, so one statement text serves a
 * whole import and nothing is built per row but the values themselves. Runs inside the import's
 * transaction (`db`).
 */
export class ImportWriter {
  readonly #shapes = new Map<string, Shape>();
  readonly #audit: BulkInsert;
  readonly #secrets: boolean;
  readonly #initial: unknown;
  readonly #computed: boolean;

  constructor(
    private readonly ctx: AppContext,
    private readonly page: PageSchema,
    private readonly user: SessionUser,
    private readonly platform: boolean,
    private readonly db: Db,
  ) {
    this.#audit = new BulkInsert(db, ctx.database.dialect, 'sys_audit', AUDIT, false);
    this.#secrets = encryptedFields(page).length > 0;
    this.#computed = hasComputed(page, 'stored');
    this.#initial = page.states ? (page.states.initial ?? page.model!.properties[page.states.field].enum![0]) : undefined;
  }

  /** Stores the rows' values (record values, as validated) and returns how many were written. */
  async write(rows: Row[]): Promise<number> {
    const page = this.page;
    const user = this.user;
    const now = new Date().toISOString();
    const stored: Row[] = [];
    const names = new Set<string>();
    for (const values of rows) {
      generateFields(page, values);
      // As a create stores them: computed from the row's own values, before its state is set.
      if (this.#computed) Object.assign(values, computeValues(page, values, 'stored'));
      if (page.states) values[page.states.field] = this.#initial;
      const s = toStored(this.ctx.database, page, values);
      if (this.#secrets) Object.assign(s, encryptValues(this.ctx, page, values));
      if (page.resource!.scope === 'party') s.partyCode = this.platform && values.partyCode ? values.partyCode : user.partyCode;
      for (const n in s) names.add(n);
      stored.push(s);
    }
    for (const n of STAMP) names.delete(n);
    const columns = [...names, ...STAMP];
    const shape = this.#shape(columns);
    const stamp = [now, now, user.username, user.username, 1];
    const own = columns.length - STAMP.length;
    const table = stored.map((s) => {
      const row = new Array<unknown>(columns.length);
      for (let i = 0; i < own; i++) row[i] = s[columns[i]] ?? null;
      for (let i = 0; i < STAMP.length; i++) row[own + i] = stamp[i];
      return row;
    });
    const ids = await shape.table.insert(table);
    await this.#audit.insert(
      table.map((row, i) => {
        // The row has been written; with its id it is the created record's values for the audit.
        row.push(ids[i]);
        return [
          page.id,
          page.resource!.table,
          ids[i],
          'create',
          user.username,
          user.partyCode,
          shape.after(row),
          now,
          now,
          user.username,
          user.username,
        ];
      }),
    );
    return ids.length;
  }

  #shape(columns: string[]): Shape {
    const key = columns.join('\u0000');
    let shape = this.#shapes.get(key);
    if (!shape) {
      shape = {
        table: new BulkInsert(this.db, this.ctx.database.dialect, this.page.resource!.table, columns, true),
        after: recordJson(this.page, [...columns, 'id']),
      };
      this.#shapes.set(key, shape);
    }
    return shape;
  }
}
