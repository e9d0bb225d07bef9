import type { ColumnSpec, IndexSpec, TableSpec } from '../../shared/schema/tableSpec.js';
import { SYSTEM_COLUMNS, withoutRedundantIndexes } from '../../shared/schema/tableSpec.js';
import { JOB_TABLES } from './jobTables.js';

/**
 * Tables the server itself needs for sign-in, sessions and records of use. Page schemas may name
 * the same tables (staff, roles, menus, logs) and only add columns to them, so the console shows
 * real records while secrets such as password hashes stay outside every page model.
 */
function table(name: string, columns: ColumnSpec[], indexes: IndexSpec[] = []): TableSpec {
  return { name, owner: `core table ${name}`, columns: [...columns, ...SYSTEM_COLUMNS], indexes: withoutRedundantIndexes(indexes) };
}

const text = (name: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({ name, type: 'text', ...extra });
const int = (name: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({ name, type: 'integer', ...extra });
const bool = (name: string, defaultValue: boolean): ColumnSpec => ({ name, type: 'boolean', notNull: true, defaultValue });
const at = (name: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({ name, type: 'datetime', ...extra });
const json = (name: string, defaultValue = '[]'): ColumnSpec => ({ name, type: 'json', notNull: true, defaultValue });

export const CORE_TABLES: TableSpec[] = [
  table('sys_party', [
    text('code', { notNull: true, unique: true }),
    text('name', { notNull: true }),
    text('kind', { notNull: true, defaultValue: 'customer' }),
    text('groupName'),
    text('headImg'),
    text('status', { notNull: true, defaultValue: 'active' }),
  ]),
  table(
    'sys_user',
    [
      text('username', { notNull: true, unique: true }),
      text('realName'),
      text('phone', { unique: true }),
      text('passwordHash', { notNull: true }),
      text('partyCode', { notNull: true }),
      json('roles'),
      text('avatar'),
      text('introduction'),
      text('language'),
      text('status', { notNull: true, defaultValue: 'active' }),
      at('passwordChangedAt'),
    ],
    [{ columns: ['partyCode'] }],
  ),
  table('sys_role', [
    text('code', { notNull: true, unique: true }),
    text('name', { notNull: true }),
    text('description'),
    json('grants', '{}'),
    bool('builtIn', false),
    text('status', { notNull: true, defaultValue: 'active' }),
  ]),
  table(
    'sys_menu',
    [
      text('code', { notNull: true, unique: true }),
      text('parentCode'),
      text('menuTitle', { notNull: true }),
      text('name'),
      text('path'),
      text('component'),
      text('icon'),
      bool('hidden', false),
      int('menuLevel', { notNull: true, defaultValue: 1 }),
      int('sort', { notNull: true, defaultValue: 0 }),
      text('url'),
      json('roles'),
      bool('noCache', false),
      bool('affix', false),
      // menu.json's values when last merged: a stored value differing from them was edited by an admin.
      text('fileValues'),
    ],
    [{ columns: ['parentCode'] }],
  ),
  table(
    'sys_session',
    [
      text('tokenHash', { notNull: true, unique: true }),
      int('userId', { notNull: true }),
      text('username', { notNull: true }),
      text('partyCode', { notNull: true }),
      text('activeRole', { notNull: true }),
      at('expiresAt', { notNull: true }),
      at('revokedAt'),
      at('lastSeenAt'),
      text('ip'),
      text('userAgent'),
      text('loginType'),
    ],
    [{ columns: ['userId'] }, { columns: ['expiresAt'] }],
  ),
  table(
    'sys_login_history',
    [
      text('username', { notNull: true }),
      int('userId'),
      text('partyCode'),
      text('ip'),
      text('userAgent'),
      text('loginType', { notNull: true }),
      bool('success', false),
      text('reason'),
    ],
    [{ columns: ['username', 'createdAt'] }, { columns: ['ip', 'createdAt'] }, { columns: ['createdAt'] }],
  ),
  table(
    'sys_sms_code',
    [
      text('phone', { notNull: true }),
      text('purpose', { notNull: true }),
      text('codeHash', { notNull: true }),
      at('expiresAt', { notNull: true }),
      at('usedAt'),
      int('attempts', { notNull: true, defaultValue: 0 }),
      text('ip'),
    ],
    [{ columns: ['phone', 'createdAt'] }],
  ),
  table(
    'sys_sms_log',
    [
      text('phone', { notNull: true }),
      text('content', { notNull: true }),
      text('provider', { notNull: true }),
      text('partyCode'),
      text('signName'),
      text('template'),
    ],
    [{ columns: ['createdAt'] }],
  ),
  table(
    'sys_user_log',
    [text('sysName'), text('sysPath'), text('content'), text('action'), text('username'), text('partyCode'), text('ip')],
    [{ columns: ['createdAt'] }, { columns: ['partyCode'] }],
  ),
  table(
    'sys_request_log',
    [
      text('method', { notNull: true }),
      text('path', { notNull: true }),
      int('statusCode', { notNull: true }),
      int('durationMs', { notNull: true }),
      text('username'),
      text('partyCode'),
      text('ip'),
    ],
    [{ columns: ['createdAt'] }],
  ),
  table(
    'sys_error_log',
    [
      text('error', { notNull: true }),
      text('component'),
      text('info'),
      text('url'),
      text('userAgent'),
      text('username'),
      text('partyCode'),
      text('ip'),
    ],
    [{ columns: ['createdAt'] }],
  ),
  table(
    'sys_audit',
    [
      text('page', { notNull: true }),
      text('tableName', { notNull: true }),
      int('recordId'),
      text('action', { notNull: true }),
      text('username'),
      text('partyCode'),
      text('before'),
      text('after'),
    ],
    [{ columns: ['page', 'recordId'] }, { columns: ['createdAt'] }],
  ),
  // The gateway's call log, read by the customerLog/* pages (party-scoped, read-only).
  table(
    'cust_service_log',
    [
      text('partyCode', { notNull: true }),
      text('service', { notNull: true }),
      text('api', { notNull: true }),
      at('calledAt', { notNull: true }),
      text('requestId', { notNull: true }),
      text('bizNo'),
      text('appKey'),
      text('ip'),
      text('result', { notNull: true }),
      text('errorCode'),
      int('durationMs', { notNull: true, defaultValue: 0 }),
      int('billedCount', { notNull: true, defaultValue: 0 }),
      int('feeFen', { notNull: true, defaultValue: 0 }),
      text('requestSummary'),
      text('responseSummary'),
    ],
    [{ columns: ['partyCode', 'service', 'calledAt'] }, { columns: ['service', 'calledAt'] }, { columns: ['calledAt'] }],
  ),
  // Nonces seen within the timestamp tolerance; kept in the database so every instance refuses a replay.
  table(
    'gw_nonce',
    [text('appKey', { notNull: true }), text('nonce', { notNull: true }), at('expiresAt', { notNull: true })],
    [{ columns: ['appKey', 'nonce'], unique: true }, { columns: ['expiresAt'] }],
  ),
  // Calls per customer, service and day (with the current second's count for the per-second limit):
  // quotas are checked and counted by one conditional upsert, and monthly volumes are sums of days.
  table(
    'gw_usage',
    [
      text('partyCode', { notNull: true }),
      text('service', { notNull: true }),
      text('day', { notNull: true }),
      int('dayCount', { notNull: true, defaultValue: 0 }),
      int('second', { notNull: true, defaultValue: 0 }),
      int('secondCount', { notNull: true, defaultValue: 0 }),
    ],
    [{ columns: ['partyCode', 'service', 'day'], unique: true }],
  ),
  // Answers of identity checks kept per customer and subject (a hash of the operation and its
  // inputs) for the customer's verification cacheDays.
  table(
    'gw_verify_cache',
    [
      text('partyCode', { notNull: true }),
      text('subject', { notNull: true }),
      text('answer', { notNull: true }),
      at('checkedAt', { notNull: true }),
    ],
    [{ columns: ['partyCode', 'subject'], unique: true }],
  ),
  // Keys the server keeps for itself (the key that encrypts app secrets when SECRET_KEY is not set).
  table('sys_key', [text('name', { notNull: true, unique: true }), text('value', { notNull: true })]),
  // Page schemas saved in the playground: the latest revision of a page stands in for its file.
  table(
    'sys_schema_version',
    [
      text('pageId', { notNull: true }),
      int('revision', { notNull: true }),
      text('source', { notNull: true }),
      text('author', { notNull: true }),
      text('note'),
      // A page made in the playground keeps its messages (four languages) and menu entry with each version.
      text('messages'),
      text('menu'),
    ],
    [{ columns: ['pageId', 'revision'], unique: true }],
  ),
  ...JOB_TABLES,
];
