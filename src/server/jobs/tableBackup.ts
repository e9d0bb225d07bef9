import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import BetterSqlite3 from 'better-sqlite3';
import type { AppContext } from '../context.js';
import { IDENTIFIER } from '../../shared/schema/tableSpec.js';
import type { JobHandler } from './types.js';
import { dynamicView } from '../db/connect.js';

const TABLE = 'ops_table_backup';
const PERIOD_DAYS: Record<string, number> = { daily: 1, weekly: 7, monthly: 30 };
const CHINA_OFFSET_MS = 8 * 3_600_000;

type Config = { id: number; tableName: string; schedule: string; backupTime: string; retainDays: number; lastBackupAt: string | null };

/** Due when its period has passed since the last backup and today's backup time (China time) has come. */
export function isDue(c: Config, now: Date): boolean {
  const local = new Date(now.getTime() + CHINA_OFFSET_MS);
  const [h, m] = (c.backupTime ?? '00:00').split(':').map(Number);
  if (local.getUTCHours() * 60 + local.getUTCMinutes() < h * 60 + m) return false;
  if (!c.lastBackupAt) return true;
  // An hour of slack: a backup taken a little late yesterday does not push today's past its time.
  return now.getTime() - Date.parse(c.lastBackupAt) >= (PERIOD_DAYS[c.schedule] ?? 1) * 86_400_000 - 3_600_000;
}

export const backupDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'backups');
const stampOf = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/**
 * SQLite: one online backup of the whole database file (the backup API copies a consistent
 * snapshot while the server keeps writing), which holds every configured table. PostgreSQL: a
 * logical dump of each configured table as JSON lines, read in id order a batch at a time.
 */
async function backupTables(ctx: AppContext, configs: Config[], now: Date): Promise<string[]> {
  const dir = backupDir(ctx);
  fs.mkdirSync(dir, { recursive: true });
  if (ctx.database.dialect === 'sqlite') {
    const file = path.join(dir, `app-${stampOf(now)}.db`);
    const source = new BetterSqlite3(path.join(ctx.config.dataDir, 'app.db'), { readonly: true, fileMustExist: true });
    try {
      await source.backup(file);
    } finally {
      source.close();
    }
    return [file];
  }
  const files: string[] = [];
  for (const c of configs) files.push(await dumpTable(ctx, c.tableName, path.join(dir, `${c.tableName}-${stampOf(now)}.jsonl`)));
  return files;
}

async function dumpTable(ctx: AppContext, table: string, file: string): Promise<string> {
  if (!IDENTIFIER.test(table)) throw new Error(`"${table}" is not a table name`);
  const out = fs.createWriteStream(file, { mode: 0o600 });
  try {
    let last = 0;
    for (;;) {
      const rows = await dynamicView(ctx.database.db)
        .selectFrom(table)
        .selectAll()
        .where('id', '>', last)
        .orderBy('id')
        .limit(1000)
        .execute();
      for (const r of rows) if (!out.write(`${JSON.stringify(r)}\n`)) await once(out, 'drain');
      if (rows.length < 1000) break;
      last = Number(rows[rows.length - 1].id);
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return file;
}

/** Backup files older than their table's retention are removed (on SQLite, the longest retention applies to the whole-file copies). */
function prune(ctx: AppContext, configs: Config[], now: Date): void {
  const dir = backupDir(ctx);
  if (!fs.existsSync(dir)) return;
  const longest = Math.max(1, ...configs.map((c) => c.retainDays));
  for (const name of fs.readdirSync(dir)) {
    const table = /^(.+)-\d{8}T\d{6}Z\.jsonl$/.exec(name)?.[1];
    const days = name.startsWith('app-') ? longest : configs.find((c) => c.tableName === table)?.retainDays;
    if (!days) continue;
    const file = path.join(dir, name);
    if (now.getTime() - fs.statSync(file).mtimeMs > days * 86_400_000) fs.rmSync(file, { force: true });
  }
}

/** Backs up the active configured tables (all of them, or only the due ones) and records when. */
export async function runBackups(ctx: AppContext, now: Date, onlyDue: boolean): Promise<{ tables: string[]; files: string[] }> {
  const configs = (await ctx.database.db
    .selectFrom(TABLE)
    .select(['id', 'tableName', 'schedule', 'backupTime', 'retainDays', 'lastBackupAt'])
    .where('status', '=', 'active')
    .orderBy('id')
    .execute()) as Config[];
  const chosen = onlyDue ? configs.filter((c) => isDue(c, now)) : configs;
  if (!chosen.length) return { tables: [], files: [] };
  const files = await backupTables(ctx, chosen, now);
  const at = new Date().toISOString();
  await ctx.database.db
    .updateTable(TABLE)
    .set({ lastBackupAt: at })
    .where(
      'id',
      'in',
      chosen.map((c) => c.id),
    )
    .execute();
  prune(ctx, configs, now);
  return { tables: chosen.map((c) => c.tableName), files };
}

export const tableBackup: JobHandler = async (ctx, { now }) => {
  const { tables } = await runBackups(ctx, now, true);
  return { rows: tables.length };
};
