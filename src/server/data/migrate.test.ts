import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../app.js';
import { CapturingSms, createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn } from '../test/dataApi.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEPT_FILE = 'platformUser/department.json';

/** A copy of the project's schemas with the department page changed by `edit`. */
function schemasWith(edit: (page: { model: { properties: Record<string, Record<string, unknown>> } }) => void): string {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-schemas-'));
  fs.cpSync(path.join(here, '../../schemas'), tmp, { recursive: true });
  const file = path.join(tmp, DEPT_FILE);
  const page = JSON.parse(fs.readFileSync(file, 'utf8'));
  edit(page);
  fs.writeFileSync(file, JSON.stringify(page));
  return tmp;
}

describe.each(dialects())('schema changes on an existing %s database', (dialect) => {
  let t: TestApp;
  const dirs: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('adds a new field to the existing table without a migration, keeping the rows', async () => {
    const schemasDir = schemasWith((p) => {
      p.model.properties.costCenter = {
        type: 'string',
        title: 'pages.platformUser.department.fields.costCenter',
        maxLength: 20,
        'x-component': 'Input',
      };
    });
    dirs.push(schemasDir);
    const app = await buildApp({ ...t.config, schemasDir }, { sms: new CapturingSms(), logger: false });
    try {
      await app.ready();
      const admin = await signIn(app, 'admin');
      const rows = dataOf(await admin.get('platformUser/department', '?size=50')).list as { code: string; costCenter: string | null }[];
      expect(rows).toHaveLength(11);
      expect(rows.every((r) => r.costCenter === null)).toBe(true);
      const made = dataOf(
        await admin.post('platformUser/department', '', { code: 'CC', name: '成本中心', status: 'active', costCenter: 'CC-001' }),
        201,
      );
      expect(made.costCenter).toBe('CC-001');
    } finally {
      await app.close();
    }
    // The first app, on the old schema, still serves its own fields.
    const admin = await signIn(t.app, 'admin');
    expect(dataOf(await admin.get('platformUser/department', '?code=CC')).list[0]).not.toHaveProperty('costCenter');
    refusal(await admin.post('platformUser/department', '', { code: 'CC2', name: 'x', status: 'active', costCenter: 'y' }), 400);
  });

  it('keeps no index that a longer one leads, and drops an index no schema names any more at the next start', async () => {
    const db = t.app.ctx.database.db;
    const indexes = async () => {
      const rows =
        dialect === 'sqlite'
          ? await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'cust_service_log'`.execute(db)
          : await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'cust_service_log'`.execute(db);
      return rows.rows.map((r) => r.name).sort();
    };
    // The call log is written on every gateway call: (partyCode) alone would repeat what (partyCode, calledAt) serves.
    expect(await indexes()).toContain('ix_cust_service_log_partyCode_calledAt');
    expect(await indexes()).not.toContain('ix_cust_service_log_partyCode');
    await db.schema.createIndex('ix_cust_service_log_partyCode').on('cust_service_log').column('partyCode').execute();
    await db.schema.createIndex('ux_cust_service_log_requestId_ip').unique().on('cust_service_log').columns(['requestId', 'ip']).execute();
    const before = await indexes();
    const app = await buildApp(t.config, { sms: new CapturingSms(), logger: false });
    try {
      await app.ready();
    } finally {
      await app.close();
    }
    const after = await indexes();
    expect(before.filter((n) => !after.includes(n))).toEqual(['ix_cust_service_log_partyCode']);
    // A unique index is a rule someone made: it is not this migrator's to drop.
    expect(after).toContain('ux_cust_service_log_requestId_ip');
    await db.schema.dropIndex('ux_cust_service_log_requestId_ip').execute();
  });

  it('refuses to start when a field’s type would change, naming the page and the field', async () => {
    const schemasDir = schemasWith((p) => {
      p.model.properties.leader = { type: 'integer', title: 'pages.platformUser.department.fields.leader', 'x-component': 'NumberPicker' };
      // Its demo rows would now be refused first (they are checked against the model); the table is
      // not new, so they are not inserted anyway.
      for (const row of (p as { demo?: Record<string, unknown>[] }).demo ?? []) delete row.leader;
    });
    dirs.push(schemasDir);
    const start = buildApp({ ...t.config, schemasDir }, { sms: new CapturingSms(), logger: false });
    await expect(start).rejects.toThrow(/page platformUser\/department: field "leader"/);
    await expect(start).rejects.toThrow(/stored as .* but the schema now says integer/);
    // Nothing was touched: the stored text is still there.
    const admin = await signIn(t.app, 'admin');
    const ops = dataOf(await admin.get('platformUser/department', '?code=OPS')).list[0];
    expect(ops.leader).toBe('王立新');
  });

  it('refuses to start on an invalid page schema, naming the file', async () => {
    const schemasDir = schemasWith((p) => {
      p.model.properties.status = { ...p.model.properties.status, default: 'archived' };
    });
    dirs.push(schemasDir);
    await expect(buildApp({ ...t.config, schemasDir }, { sms: new CapturingSms(), logger: false })).rejects.toThrow(
      /platformUser\/department\.json: model\.status: default is not in enum/,
    );
  });
});
