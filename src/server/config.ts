import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** A postgres:// URL switches the store from the embedded SQLite file to PostgreSQL. */
  databaseUrl?: string;
  seedDemo: boolean;
  logLevel: string;
  tokenTtlHours: number;
  /** log2 of the scrypt cost used for new password hashes; stored hashes carry their own. */
  scryptLogN: number;
  /** Sign-in attempts accepted per address and minute before any is checked; 0 switches the limit off. */
  signInPerMinute: number;
  /** Built browser app; absent in API-only test runs. */
  distDir?: string;
  /** Gateway calls per service that demo data makes over the last 30 days (through the real metering). */
  demoCallsPerService: number;
  /** Extra page schemas folder, used by tests that add a page without touching src/schemas. */
  schemasDir: string;
  /** Seconds between looks for due scheduled jobs; 0 turns the scheduler off. */
  jobTickSeconds: number;
  /** Largest import file accepted. */
  importMaxBytes: number;
  /** Most data rows one import file may hold. */
  importMaxRows: number;
  /** Longest an import may take to be read and checked; a file that takes longer is refused. */
  importMaxSeconds: number;
  /** SECRET_KEY as given (64 hex characters); unset, a key generated into the database is used. */
  secretKey?: string;
  /** SECRET_KEY_PREVIOUS: earlier keys whose values are still readable and re-encrypted at start. */
  secretKeysPrevious: string[];
  /** Re-read the schemas folder when a file in it changes (development; WATCH_SCHEMAS=1 elsewhere). */
  watchSchemas: boolean;
  /**
   * Addresses of load balancers whose X-Forwarded-For names the client (TRUST_PROXY, comma-separated
   * addresses or CIDR ranges). Empty: the connection's address is the client's.
   */
  trustProxy: string[];
  /**
   * Compiled validators by schema content (CACHE_DIR): safe to share and to delete. The default belongs
   * to the install, not the data folder, so a new data folder starts with what the build compiled.
   */
  cacheDir: string;
}

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL; leave it unset for the embedded SQLite store');
  }
  return {
    port: intEnv(env, 'PORT', 8080),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl,
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL || 'info',
    tokenTtlHours: intEnv(env, 'TOKEN_TTL_HOURS', 12),
    scryptLogN: intEnv(env, 'SCRYPT_LOG_N', 17),
    demoCallsPerService: intEnv(env, 'DEMO_CALLS_PER_SERVICE', 240),
    signInPerMinute: intEnv(env, 'SIGNIN_PER_MINUTE', 20),
    distDir: path.resolve(env.DIST_DIR || './dist'),
    schemasDir: path.resolve(env.SCHEMAS_DIR || './src/schemas'),
    jobTickSeconds: intEnv(env, 'JOB_TICK_SECONDS', 30),
    importMaxBytes: intEnv(env, 'IMPORT_MAX_MB', 20) * 1024 * 1024,
    importMaxRows: intEnv(env, 'IMPORT_MAX_ROWS', 200_000),
    importMaxSeconds: intEnv(env, 'IMPORT_MAX_SECONDS', 120),
    secretKey: env.SECRET_KEY || undefined,
    secretKeysPrevious: (env.SECRET_KEY_PREVIOUS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    watchSchemas: env.WATCH_SCHEMAS ? env.WATCH_SCHEMAS === '1' : env.NODE_ENV !== 'production',
    cacheDir: path.resolve(env.CACHE_DIR || 'node_modules/.cache/scop'),
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  };
}
