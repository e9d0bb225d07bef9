// The generator of the big table: login history rows written straight into the SQLite file the
// server created (server stopped), in one transaction through one prepared statement. The secondary
// indexes are dropped first and rebuilt afterwards from their own DDL, which is several times faster
// than keeping seven B-trees up to date row by row.
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

export const BIG_TABLE = 'sys_login_history';
export const BIG_PAGE = 'platformUser/loginHistory';

/** Distinct user names in the generated rows; a filter on one matches about rows / USERS rows. */
export const USERS = 2000;
export const userName = (i: number) => `user${String(i).padStart(4, '0')}`;

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'okhttp/4.12.0',
];
const PARTIES = ['P0001', 'C1001', 'C1002'];
const REASONS = ['badPassword', 'unknownUser', 'badCode'];

/** A small deterministic generator, so every run fills the same table. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FillResult {
  rows: number;
  insertMs: number;
  indexMs: number;
  totalMs: number;
  fileMiB: number;
}

/**
 * Appends `rows` login records spread evenly over the last 365 days (ids rise with time, as they do
 * in use): USERS user names, 95 % successes, three organisations, a few thousand addresses.
 */
export function fillLoginHistory(dataDir: string, rows: number): FillResult {
  const file = path.join(dataDir, 'app.db');
  const db = new BetterSqlite3(file);
  const t0 = performance.now();
  try {
    db.pragma('journal_mode = DELETE');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -262144');
    const indexes = db
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`)
      .all(BIG_TABLE) as { name: string; sql: string }[];
    for (const ix of indexes) db.exec(`DROP INDEX "${ix.name}"`);

    const insert = db.prepare(`INSERT INTO ${BIG_TABLE}
      (username, userId, partyCode, ip, userAgent, loginType, success, reason, version, createdAt, updatedAt, createdBy, updatedBy)
      VALUES (?, NULL, ?, ?, ?, ?, ?, ?, 1, ?, ?, NULL, NULL)`);
    const random = rng(20240601);
    const end = Date.now() - 60_000;
    const start = end - 365 * 86_400_000;
    const step = (end - start) / rows;
    db.transaction(() => {
      for (let i = 0; i < rows; i++) {
        const u = Math.floor(random() * USERS);
        const ok = random() < 0.95;
        const at = new Date(start + i * step).toISOString();
        insert.run(
          userName(u),
          PARTIES[u % 3],
          `10.${u % 256}.${Math.floor(random() * 8)}.${1 + (u % 250)}`,
          AGENTS[u % AGENTS.length],
          random() < 0.9 ? 'password' : 'sms',
          ok ? 1 : 0,
          ok ? null : REASONS[Math.floor(random() * REASONS.length)],
          at,
          at,
        );
      }
    })();
    const t1 = performance.now();
    for (const ix of indexes) db.exec(ix.sql);
    const t2 = performance.now();
    db.pragma('journal_mode = WAL');
    const { page_count: pages } = db.prepare('PRAGMA page_count').get() as { page_count: number };
    const { page_size: pageSize } = db.prepare('PRAGMA page_size').get() as { page_size: number };
    return { rows, insertMs: t1 - t0, indexMs: t2 - t1, totalMs: performance.now() - t0, fileMiB: (pages * pageSize) / 1048576 };
  } finally {
    db.close();
  }
}
