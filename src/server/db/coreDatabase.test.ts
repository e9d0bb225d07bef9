import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsertType, SelectType } from 'kysely';
import type { ColumnSpec } from '../../shared/schema/tableSpec.js';
import { CORE_TABLES } from './coreTables.js';
import type { CoreDatabase } from './coreDatabase.js';
import { boolParam, dynamicView } from './connect.js';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';

/**
 * A column described as coreTables.ts does: its type, then " not null" and " default" when they apply.
 * From a row type: nullable when null can be read, a default when an insert may leave it out.
 */
type Kind<S> = [S] extends [string]
  ? 'text' | 'json' | 'datetime'
  : [S] extends [number]
    ? 'integer' | 'real'
    : [S] extends [boolean | number]
      ? 'boolean'
      : never;
type Describe<C> =
  `${Kind<NonNullable<SelectType<C>>>}${null extends SelectType<C> ? '' : ' not null'}${undefined extends InsertType<C> ? ' default' : ''}`;

/**
 * Every column of CoreDatabase, described. The type checker (npm run typecheck) holds this to the
 * interface: each column must be listed, with a description its TypeScript type allows, and no
 * other. The tests below hold it to CORE_TABLES, so the interface and the tables cannot drift apart.
 */
type Described = { [T in keyof CoreDatabase]: { [C in keyof CoreDatabase[T]]-?: Describe<CoreDatabase[T][C]> } };

const SYSTEM = {
  id: 'integer not null default',
  version: 'integer not null default',
  createdAt: 'datetime not null default',
  updatedAt: 'datetime not null default',
  createdBy: 'text',
  updatedBy: 'text',
} as const;

const DESCRIBED: Described = {
  sys_party: {
    ...SYSTEM,
    code: 'text not null',
    name: 'text not null',
    kind: 'text not null default',
    groupName: 'text',
    headImg: 'text',
    status: 'text not null default',
  },
  sys_user: {
    ...SYSTEM,
    username: 'text not null',
    realName: 'text',
    phone: 'text',
    passwordHash: 'text not null',
    partyCode: 'text not null',
    roles: 'json not null default',
    avatar: 'text',
    introduction: 'text',
    language: 'text',
    status: 'text not null default',
    passwordChangedAt: 'datetime',
  },
  sys_role: {
    ...SYSTEM,
    code: 'text not null',
    name: 'text not null',
    description: 'text',
    grants: 'json not null default',
    builtIn: 'boolean not null default',
    status: 'text not null default',
  },
  sys_menu: {
    ...SYSTEM,
    code: 'text not null',
    parentCode: 'text',
    menuTitle: 'text not null',
    name: 'text',
    path: 'text',
    component: 'text',
    icon: 'text',
    hidden: 'boolean not null default',
    menuLevel: 'integer not null default',
    sort: 'integer not null default',
    url: 'text',
    roles: 'json not null default',
    noCache: 'boolean not null default',
    affix: 'boolean not null default',
    fileValues: 'text',
  },
  sys_session: {
    ...SYSTEM,
    tokenHash: 'text not null',
    userId: 'integer not null',
    username: 'text not null',
    partyCode: 'text not null',
    activeRole: 'text not null',
    expiresAt: 'datetime not null',
    revokedAt: 'datetime',
    lastSeenAt: 'datetime',
    ip: 'text',
    userAgent: 'text',
    loginType: 'text',
  },
  sys_login_history: {
    ...SYSTEM,
    username: 'text not null',
    userId: 'integer',
    partyCode: 'text',
    ip: 'text',
    userAgent: 'text',
    loginType: 'text not null',
    success: 'boolean not null default',
    reason: 'text',
  },
  sys_sms_code: {
    ...SYSTEM,
    phone: 'text not null',
    purpose: 'text not null',
    codeHash: 'text not null',
    expiresAt: 'datetime not null',
    usedAt: 'datetime',
    attempts: 'integer not null default',
    ip: 'text',
  },
  sys_sms_log: {
    ...SYSTEM,
    phone: 'text not null',
    content: 'text not null',
    provider: 'text not null',
    partyCode: 'text',
    signName: 'text',
    template: 'text',
  },
  sys_user_log: {
    ...SYSTEM,
    sysName: 'text',
    sysPath: 'text',
    content: 'text',
    action: 'text',
    username: 'text',
    partyCode: 'text',
    ip: 'text',
  },
  sys_request_log: {
    ...SYSTEM,
    method: 'text not null',
    path: 'text not null',
    statusCode: 'integer not null',
    durationMs: 'integer not null',
    username: 'text',
    partyCode: 'text',
    ip: 'text',
  },
  sys_error_log: {
    ...SYSTEM,
    error: 'text not null',
    component: 'text',
    info: 'text',
    url: 'text',
    userAgent: 'text',
    username: 'text',
    partyCode: 'text',
    ip: 'text',
  },
  sys_audit: {
    ...SYSTEM,
    page: 'text not null',
    tableName: 'text not null',
    recordId: 'integer',
    action: 'text not null',
    username: 'text',
    partyCode: 'text',
    before: 'text',
    after: 'text',
  },
  cust_service_log: {
    ...SYSTEM,
    partyCode: 'text not null',
    service: 'text not null',
    api: 'text not null',
    calledAt: 'datetime not null',
    requestId: 'text not null',
    bizNo: 'text',
    appKey: 'text',
    ip: 'text',
    result: 'text not null',
    errorCode: 'text',
    durationMs: 'integer not null default',
    billedCount: 'integer not null default',
    feeFen: 'integer not null default',
    requestSummary: 'text',
    responseSummary: 'text',
  },
  gw_nonce: { ...SYSTEM, appKey: 'text not null', nonce: 'text not null', expiresAt: 'datetime not null' },
  gw_usage: {
    ...SYSTEM,
    partyCode: 'text not null',
    service: 'text not null',
    day: 'text not null',
    dayCount: 'integer not null default',
    second: 'integer not null default',
    secondCount: 'integer not null default',
  },
  gw_verify_cache: {
    ...SYSTEM,
    partyCode: 'text not null',
    subject: 'text not null',
    answer: 'text not null',
    checkedAt: 'datetime not null',
  },
  sys_key: { ...SYSTEM, name: 'text not null', value: 'text not null' },
  sys_schema_version: {
    ...SYSTEM,
    pageId: 'text not null',
    revision: 'integer not null',
    source: 'text not null',
    author: 'text not null',
    note: 'text',
    messages: 'text',
    menu: 'text',
  },
  sys_job_schedule: {
    ...SYSTEM,
    name: 'text not null',
    job: 'text not null',
    intervalMinutes: 'integer',
    dailyAt: 'text',
    retryMinutes: 'integer not null default',
    maxRetries: 'integer not null default',
    failures: 'integer not null default',
    status: 'text not null default',
    nextRunAt: 'datetime',
    lastRunAt: 'datetime',
    lastStatus: 'text',
    lastError: 'text',
    leaseOwner: 'text',
    leaseUntil: 'datetime',
    remark: 'text',
  },
  sys_job_run: {
    ...SYSTEM,
    scheduleName: 'text not null',
    job: 'text not null',
    startedAt: 'datetime',
    endedAt: 'datetime',
    status: 'text not null',
    rows: 'integer',
    error: 'text',
    instance: 'text',
    trigger: 'text',
  },
};

const describeSpec = (c: ColumnSpec) => `${c.type}${c.notNull ? ' not null' : ''}${c.defaultValue !== undefined ? ' default' : ''}`;
const described = (table: string): Record<string, string> => (DESCRIBED as Record<string, Record<string, string>>)[table];

describe('CoreDatabase and CORE_TABLES', () => {
  it('name the same tables', () => {
    expect(Object.keys(DESCRIBED).sort()).toEqual(CORE_TABLES.map((t) => t.name).sort());
  });

  it.each(CORE_TABLES.map((t) => [t.name, t] as const))('%s: the same columns, types, nullability and defaults', (name, spec) => {
    // The migrator adds the key to every table; the spec lists the rest.
    const fromSpec = { id: 'integer not null default', ...Object.fromEntries(spec.columns.map((c) => [c.name, describeSpec(c)])) };
    expect(described(name)).toEqual(fromSpec);
  });
});

/** The JavaScript type a column of this description reads back as, on either database. */
function readsAs(description: string, value: unknown): boolean {
  if (value === null) return !description.includes('not null');
  const kind = description.split(' ')[0];
  if (kind === 'integer' || kind === 'real') return typeof value === 'number';
  if (kind === 'boolean') return typeof value === 'boolean' || value === 0 || value === 1;
  return typeof value === 'string';
}

describe.each(dialects())('core tables read back as their row types say (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seedDemo: false });
  });
  afterAll(async () => t?.close());

  it.each(CORE_TABLES.map((s) => [s.name, s] as const))('%s', async (name, spec) => {
    const database = t.app.ctx.database;
    // Every column given a value, and every nullable one left out in a second row: both rows read back typed.
    const full: Record<string, unknown> = {};
    for (const c of spec.columns) {
      if (c.type === 'integer' || c.type === 'real') full[c.name] = 7;
      else if (c.type === 'boolean') full[c.name] = boolParam(database, true);
      else if (c.type === 'datetime') full[c.name] = new Date(0).toISOString();
      else if (c.type === 'json') full[c.name] = '[]';
      else full[c.name] = `${name}.${c.name}`;
    }
    const minimal = Object.fromEntries(
      spec.columns.filter((c) => c.notNull && c.defaultValue === undefined).map((c) => [c.name, full[c.name]]),
    );
    // A column unique alone or in a unique index (gw_nonce, gw_usage) gets another value in the second row.
    const uniqueColumns = new Set([
      ...spec.columns.filter((c) => c.unique).map((c) => c.name),
      ...spec.indexes.filter((i) => i.unique).flatMap((i) => i.columns),
    ]);
    const varied = spec.columns.find((c) => uniqueColumns.has(c.name) && c.name in minimal && c.type === 'text');
    for (const c of spec.columns) if (c.unique && c.name in minimal) minimal[c.name] = `${full[c.name]}.2`;
    if (varied) minimal[varied.name] = `${full[varied.name]}.2`;
    // Core tables are typed by name; here the name is a loop variable, so the dynamic view inserts.
    const ids: number[] = [];
    for (const row of [full, minimal]) {
      const insert = dynamicView(database.db).insertInto(name);
      // A table whose columns all may be null (sys_user_log) takes a row of defaults only.
      const inserted = await (Object.keys(row).length ? insert.values(row) : insert.defaultValues())
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(inserted.id));
    }
    const rows = await dynamicView(database.db).selectFrom(name).selectAll().where('id', 'in', ids).orderBy('id').execute();
    expect(rows).toHaveLength(2);
    const columns = described(name);
    for (const row of rows) {
      const wrong = Object.entries(columns)
        .filter(([column, description]) => !readsAs(description, row[column]))
        .map(([column, description]) => `${column} (${description}) read ${JSON.stringify(row[column])}`);
      expect(wrong).toEqual([]);
    }
    expect(rows[1].createdAt).toBe('1970-01-01T00:00:00.000Z');
  });
});
