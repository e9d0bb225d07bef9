import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of the core tables (coreTables.ts), for queries through `Database.core`. Page schemas
 * may add columns to these tables: `Database.db` (AppDatabase, connect.ts) has those too.
 * coreDatabase.test.ts checks that these types and CORE_TABLES describe the same columns.
 */

/** ISO 8601 text in both dialects (`datetime` columns are text). */
type Iso = string;
/** A `json` column: JSON text, parsed by the code that reads it. */
type JsonText = Generated<string>;
/** SQLite keeps booleans as 0 and 1 and answers numbers; PostgreSQL answers booleans (see boolParam). */
export type Flag = ColumnType<boolean | number, boolean | number | undefined, boolean | number>;

/** Columns every table has (SYSTEM_COLUMNS) and the key the migrator adds. */
export interface SystemColumns {
  id: Generated<number>;
  version: Generated<number>;
  createdAt: Generated<Iso>;
  updatedAt: Generated<Iso>;
  createdBy: string | null;
  updatedBy: string | null;
}

export interface PartyTable extends SystemColumns {
  code: string;
  name: string;
  kind: Generated<string>;
  groupName: string | null;
  headImg: string | null;
  status: Generated<string>;
}

export interface UserTable extends SystemColumns {
  username: string;
  realName: string | null;
  phone: string | null;
  passwordHash: string;
  partyCode: string;
  /** JSON array of role codes. */
  roles: JsonText;
  avatar: string | null;
  introduction: string | null;
  language: string | null;
  status: Generated<string>;
  passwordChangedAt: Iso | null;
}

export interface RoleTable extends SystemColumns {
  code: string;
  name: string;
  description: string | null;
  /** JSON object: page id to granted actions. */
  grants: JsonText;
  builtIn: Flag;
  status: Generated<string>;
}

export interface MenuTable extends SystemColumns {
  code: string;
  parentCode: string | null;
  menuTitle: string;
  name: string | null;
  path: string | null;
  component: string | null;
  icon: string | null;
  hidden: Flag;
  menuLevel: Generated<number>;
  sort: Generated<number>;
  url: string | null;
  roles: JsonText;
  noCache: Flag;
  affix: Flag;
  fileValues: string | null;
}

export interface SessionTable extends SystemColumns {
  tokenHash: string;
  userId: number;
  username: string;
  partyCode: string;
  activeRole: string;
  expiresAt: Iso;
  revokedAt: Iso | null;
  lastSeenAt: Iso | null;
  ip: string | null;
  userAgent: string | null;
  loginType: string | null;
}

export interface LoginHistoryTable extends SystemColumns {
  username: string;
  userId: number | null;
  partyCode: string | null;
  ip: string | null;
  userAgent: string | null;
  loginType: string;
  success: Flag;
  reason: string | null;
}

export interface SmsCodeTable extends SystemColumns {
  phone: string;
  purpose: string;
  codeHash: string;
  expiresAt: Iso;
  usedAt: Iso | null;
  attempts: Generated<number>;
  ip: string | null;
}

export interface SmsLogTable extends SystemColumns {
  phone: string;
  content: string;
  provider: string;
  partyCode: string | null;
  signName: string | null;
  template: string | null;
}

export interface UserLogTable extends SystemColumns {
  sysName: string | null;
  sysPath: string | null;
  content: string | null;
  action: string | null;
  username: string | null;
  partyCode: string | null;
  ip: string | null;
}

export interface RequestLogTable extends SystemColumns {
  method: string;
  path: string;
  statusCode: number;
  durationMs: number;
  username: string | null;
  partyCode: string | null;
  ip: string | null;
}

export interface ErrorLogTable extends SystemColumns {
  error: string;
  component: string | null;
  info: string | null;
  url: string | null;
  userAgent: string | null;
  username: string | null;
  partyCode: string | null;
  ip: string | null;
}

export interface AuditTable extends SystemColumns {
  page: string;
  tableName: string;
  recordId: number | null;
  action: string;
  username: string | null;
  partyCode: string | null;
  /** JSON text of the record before and after the change. */
  before: string | null;
  after: string | null;
}

/** The gateway's call log (read by the customerLog/* pages). */
export interface ServiceLogTable extends SystemColumns {
  partyCode: string;
  service: string;
  api: string;
  calledAt: Iso;
  requestId: string;
  bizNo: string | null;
  appKey: string | null;
  ip: string | null;
  result: string;
  errorCode: string | null;
  durationMs: Generated<number>;
  billedCount: Generated<number>;
  feeFen: Generated<number>;
  requestSummary: string | null;
  responseSummary: string | null;
}

/** Gateway nonces seen within the timestamp tolerance. */
export interface NonceTable extends SystemColumns {
  appKey: string;
  nonce: string;
  expiresAt: Iso;
}

/** Gateway calls per customer, service and day, with the current second's count. */
export interface UsageTable extends SystemColumns {
  partyCode: string;
  service: string;
  day: string;
  dayCount: Generated<number>;
  second: Generated<number>;
  secondCount: Generated<number>;
}

/** Identity-check answers kept for the customer's verification cache days. */
export interface VerifyCacheTable extends SystemColumns {
  partyCode: string;
  subject: string;
  answer: string;
  checkedAt: Iso;
}

/** Keys the server keeps for itself (the app-secret key when SECRET_KEY is unset). */
export interface KeyTable extends SystemColumns {
  name: string;
  value: string;
}

/** A page schema as saved in the playground; a rollback is a new revision with an older one's text. */
export interface SchemaVersionTable extends SystemColumns {
  pageId: string;
  revision: number;
  source: string;
  author: string;
  note: string | null;
  /** JSON {zh, en, es, ja} of a playground page's own messages, and JSON of its menu entry. */
  messages: string | null;
  menu: string | null;
}

/** Schedules of the job runner (jobs/tables.ts); the lease columns make one server the runner of a due job. */
export interface JobScheduleTable extends SystemColumns {
  name: string;
  job: string;
  intervalMinutes: number | null;
  dailyAt: string | null;
  retryMinutes: Generated<number>;
  maxRetries: Generated<number>;
  failures: Generated<number>;
  status: Generated<string>;
  nextRunAt: Iso | null;
  lastRunAt: Iso | null;
  lastStatus: string | null;
  lastError: string | null;
  leaseOwner: string | null;
  leaseUntil: Iso | null;
  remark: string | null;
}

export interface JobRunTable extends SystemColumns {
  scheduleName: string;
  job: string;
  startedAt: Iso | null;
  endedAt: Iso | null;
  status: string;
  rows: number | null;
  error: string | null;
  instance: string | null;
  trigger: string | null;
}

export interface CoreDatabase {
  sys_party: PartyTable;
  sys_user: UserTable;
  sys_role: RoleTable;
  sys_menu: MenuTable;
  sys_session: SessionTable;
  sys_login_history: LoginHistoryTable;
  sys_sms_code: SmsCodeTable;
  sys_sms_log: SmsLogTable;
  sys_user_log: UserLogTable;
  sys_request_log: RequestLogTable;
  sys_error_log: ErrorLogTable;
  sys_audit: AuditTable;
  cust_service_log: ServiceLogTable;
  gw_nonce: NonceTable;
  gw_usage: UsageTable;
  gw_verify_cache: VerifyCacheTable;
  sys_key: KeyTable;
  sys_schema_version: SchemaVersionTable;
  sys_job_schedule: JobScheduleTable;
  sys_job_run: JobRunTable;
}
