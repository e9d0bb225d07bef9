import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { schemasWithFixture } from '../test/fixtureSchemas.js';
import { registerActionHandler } from './index.js';
import { AppError } from '../errors.js';
import { dynamicView } from '../db/connect.js';

const REVIEW = 'tms/review/carrierReview';
const BACKUP = 'systemManage/tableBackupConfig';
const CLIENT = 'opsArea/apiClient';

// Test handlers: a list action answering a file, a bulk action refusing one row.
registerActionHandler('testSummary', async (_ctx, _access, record, body) => ({
  message: 'ops.import.done',
  params: { count: 3 },
  file: { name: 'summary.csv', type: 'text/csv', base64: Buffer.from(`note,${String(body.note)}\n`).toString('base64') },
  record,
}));
registerActionHandler('testDisable', async (ctx, _access, record) => {
  if (record!.name === 'refuse-me') throw new AppError(409, 'server.data.notEditableInState', { state: 'x' });
  await dynamicView(ctx.database.db).updateTable('t_api_client').set({ status: 'disabled' }).where('id', '=', Number(record!.id)).execute();
  return { rows: [{ ...record, status: 'disabled' }] };
});

describe.each(dialects())('actions at every level, on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let staff: Caller;
  let custA: Caller;
  let custB: Caller;
  const fixture = schemasWithFixture('opsArea');
  beforeAll(async () => {
    t = await createTestApp(dialect, { schemasDir: fixture.dir });
    [admin, staff, custA, custB] = await Promise.all(['admin', 'staff', 'cust_a', 'cust_b'].map((u) => signIn(t.app, u)));
  });
  afterAll(async () => {
    await t?.close();
    fixture.remove();
  });

  it('a bulk action approves pending reviews one by one and reports each row', async () => {
    const pending = await t.app.ctx.database.db
      .selectFrom('tms_carrier_cert')
      .select(['id', 'status'])
      .where('status', '=', 'pending')
      .orderBy('id')
      .limit(2)
      .execute();
    const other = await t.app.ctx.database.db
      .selectFrom('tms_carrier_cert')
      .select(['id', 'status'])
      .where('status', '!=', 'pending')
      .orderBy('id')
      .limit(1)
      .execute();
    expect(pending.length).toBe(2);
    expect(other.length).toBe(1);
    const ids = [...pending.map((r) => Number(r.id)), Number(other[0].id), 99999999];
    const answer = dataOf(await admin.post(REVIEW, '/bulk-actions/approveSelected', { ids }));
    expect(answer.succeeded).toBe(2);
    expect(answer.failed).toBe(2);
    expect(answer.results.map((r: { id: number; ok: boolean }) => [r.id, r.ok])).toEqual([
      [ids[0], true],
      [ids[1], true],
      [ids[2], false],
      [ids[3], false],
    ]);
    expect(answer.results[2].msg).toMatch(/\S/);
    const after = await t.app.ctx.database.db.selectFrom('tms_carrier_cert').select('status').where('id', 'in', ids.slice(0, 2)).execute();
    expect(after.map((r) => r.status)).toEqual(['approved', 'approved']);
    expect(await countRows(t, 'sys_audit', { page: REVIEW, action: 'transition:approve' })).toBe(2);
  });

  it('refuses a bulk action without its grant (403), with bad ids (400), and an unknown or wrong-level one (404)', async () => {
    const [row] = await t.app.ctx.database.db
      .selectFrom('tms_carrier_cert')
      .select('id')
      .where('status', '=', 'pending')
      .limit(1)
      .execute();
    refusal(await custA.post(REVIEW, '/bulk-actions/approveSelected', { ids: [Number(row.id)] }), 403);
    refusal(await admin.post(REVIEW, '/bulk-actions/approveSelected', { ids: [] }), 400);
    refusal(await admin.post(REVIEW, '/bulk-actions/nope', { ids: [1] }), 404);
    // A bulk action is not offered at row or list level.
    refusal(await admin.post(REVIEW, `/${Number(row.id)}/actions/approveSelected`, {}), 404);
    refusal(await admin.post(REVIEW, '/actions/approveSelected', {}), 404);
    const still = await t.app.ctx.database.db
      .selectFrom('tms_carrier_cert')
      .select('status')
      .where('id', '=', Number(row.id))
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('pending');
  });

  it('a list action backs up the configured tables for real and shows the last backup time', async () => {
    const answer = dataOf(await admin.post(BACKUP, '/actions/backupNow', {}));
    expect(answer.message).toMatch(/\d/);
    expect(answer.rows.length).toBeGreaterThan(0);
    for (const r of answer.rows) expect(Date.parse(r.lastBackupAt)).toBeGreaterThan(Date.now() - 600_000);
    const files = fs.readdirSync(`${t.config.dataDir}/backups`);
    if (dialect === 'sqlite') expect(files.some((f) => /^app-.*\.db$/.test(f))).toBe(true);
    else expect(files).toContain(files.find((f) => f.startsWith('sys_user-') && f.endsWith('.jsonl')));
    refusal(await staff.post(BACKUP, '/actions/backupNow', {}), 403);
  });

  it('a list action validates its dialog fields and may answer a file to download', async () => {
    refusal(await custA.post(CLIENT, '/actions/summary', {}), 400);
    const answer = dataOf(await custA.post(CLIENT, '/actions/summary', { note: 'hello' }));
    expect(Buffer.from(answer.file.base64, 'base64').toString()).toBe('note,hello\n');
    expect(answer.record).toBeNull();
    expect(answer.message).toMatch(/3/);
    expect(answer.message).not.toBe('ops.import.done');
  });

  it('a bulk action reports a handler’s refusal for its row and keeps the other rows’ changes', async () => {
    const a = dataOf(await custA.post(CLIENT, '', { name: 'refuse-me' }), 201);
    const b = dataOf(await custA.post(CLIENT, '', { name: 'disable-me' }), 201);
    const c = dataOf(await custB.post(CLIENT, '', { name: 'not-yours' }), 201);
    const answer = dataOf(await custA.post(CLIENT, '/bulk-actions/disable', { ids: [a.id, b.id, c.id] }));
    expect(answer.results.map((r: { ok: boolean }) => r.ok)).toEqual([false, true, false]);
    const statuses = await dynamicView(t.app.ctx.database.db).selectFrom('t_api_client').select(['name', 'status']).orderBy('id').execute();
    expect(statuses.map((r) => `${r.name}:${r.status}`)).toEqual(['refuse-me:active', 'disable-me:disabled', 'not-yours:active']);
  });
});
