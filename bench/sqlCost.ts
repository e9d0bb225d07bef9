// What one list request costs inside SQLite, statement by statement, read straight from the data file
// with better-sqlite3 (no HTTP, no Kysely). The SQL mirrors what src/server/data/list.ts and
// services/sessions.ts issue (Kysely's output); if those change, update it here. Each statement is timed
// prepared once (as the server's statement cache does) and prepared per call (as before that cache).
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { BIG_TABLE, userName } from './fill';
import { round } from './stats';

const COLUMNS =
  '"createdAt", "username", "userId", "partyCode", "loginType", "success", "reason", "ip", "userAgent", "id", "version", "updatedAt", "createdBy", "updatedBy"';

/** The count of list.ts: one row past the cap is looked for, and only without one are the matches counted. */
const cappedCount = (where: string) =>
  `select coalesce((select 10001 as "n" from "${BIG_TABLE}" where ${where} limit ? offset ?), (select count(*) as "n" from "${BIG_TABLE}" where ${where})) as "n"`;

export function sqlCosts(
  dataDir: string,
  iterations = 2000,
): Record<string, { preparedUs: number; preparePerCallUs: number; plan: string }> {
  const db = new BetterSqlite3(path.join(dataDir, 'app.db'), { readonly: true });
  try {
    const week = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const token =
      (db.prepare('SELECT "tokenHash" FROM "sys_session" ORDER BY "id" DESC LIMIT 1').get() as { tokenHash: string } | undefined)
        ?.tokenHash ?? '';
    const cases: Record<string, [string, unknown[]]> = {
      'session lookup (when not cached)': [
        `select "s"."id" as "sessionId", "s"."expiresAt", "s"."revokedAt", "s"."activeRole", "u"."id" as "userId", "u"."username", "u"."realName", "u"."partyCode", "u"."roles", "u"."status", "p"."kind" as "partyKind", "p"."status" as "partyStatus" from "sys_session" as "s" inner join "sys_user" as "u" on "u"."id" = "s"."userId" inner join "sys_party" as "p" on "p"."code" = "u"."partyCode" where "s"."tokenHash" = ?`,
        [token],
      ],
      'default view: 20 rows': [
        `select ${COLUMNS} from "${BIG_TABLE}" where "createdAt" >= ? order by "createdAt" desc, "id" desc limit ? offset ?`,
        [week, 20, 0],
      ],
      'default view: capped count': [cappedCount('"createdAt" >= ?'), [week, 1, 10_000, week]],
      '  former count: subquery limited to 10,001': [
        `select count(*) as "n" from (select "id" from "${BIG_TABLE}" where "createdAt" >= ? limit ?) as "capped"`,
        [week, 10_001],
      ],
      'username equals: 20 rows': [
        `select ${COLUMNS} from "${BIG_TABLE}" where "username" = ? order by "createdAt" desc, "id" desc limit ? offset ?`,
        [userName(42), 20, 0],
      ],
      'username equals: capped count': [cappedCount('"username" = ?'), [userName(42), 1, 10_000, userName(42)]],
      'success=false & 7 days: 20 rows': [
        `select ${COLUMNS} from "${BIG_TABLE}" where "success" = ? and "createdAt" >= ? order by "createdAt" desc, "id" desc limit ? offset ?`,
        [0, week, 20, 0],
      ],
    };
    const out: Record<string, { preparedUs: number; preparePerCallUs: number; plan: string }> = {};
    for (const [name, [sql, params]] of Object.entries(cases)) {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('; ');
      const stmt = db.prepare(sql);
      stmt.all(...params);
      // Slow statements get fewer iterations, bounded to about a second each.
      const t1 = performance.now();
      stmt.all(...params);
      const once = performance.now() - t1;
      const n = Math.max(3, Math.min(iterations, Math.floor(1000 / Math.max(once, 0.001))));
      let t = performance.now();
      for (let i = 0; i < n; i++) stmt.all(...params);
      const prepared = ((performance.now() - t) * 1000) / n;
      t = performance.now();
      for (let i = 0; i < n; i++) db.prepare(sql).all(...params);
      const perCall = ((performance.now() - t) * 1000) / n;
      out[name] = { preparedUs: round(prepared, 1), preparePerCallUs: round(perCall, 1), plan };
    }
    return out;
  } finally {
    db.close();
  }
}
