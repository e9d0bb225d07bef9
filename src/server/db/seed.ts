import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import { nowIso } from '../context.js';
import type { Updateable } from 'kysely';
import { boolParam } from './connect.js';
import { knownTable } from './knownTable.js';
import type { SysPartyRow } from './pageDatabase.generated.js';
import { hashPassword } from '../security/password.js';
import { USER_CUSTOMER_ROLES, customerRolesEnabled } from './customerRoleTables.js';

export const BUILT_IN_ROLES = [
  { code: 'SUPER_ADMIN', name: '超级管理员', description: 'Every page and action' },
  { code: 'PLAT_ADMIN', name: '平台管理员', description: 'Platform administration' },
  { code: 'STAFF', name: '平台员工', description: 'Platform operations staff' },
  { code: 'CUSTOMER_ADMIN', name: '客户管理员', description: 'Administers one customer organisation' },
  // Signs a customer's staff in; what they see beyond it comes from their organisation's customer roles.
  { code: 'CUSTOMER_USER', name: '客户员工', description: 'Staff of a customer organisation' },
];

export const PLATFORM_PARTY = { code: 'P0001', name: '数链开放平台运营中心', kind: 'platform', groupName: '数链科技集团' };

export const DEMO_PASSWORD = 'Demo12345';
export const DEMO_PARTIES = [
  { code: 'C1001', name: '华东智运物流有限公司', kind: 'customer', groupName: '华东智运' },
  { code: 'C1002', name: '西南通达供应链有限公司', kind: 'customer', groupName: '西南通达' },
];
/** What the organisation pages show of the demo organisations (columns those pages add to sys_party). */
export const DEMO_PROFILES: Record<string, Updateable<SysPartyRow> & Record<'uscc' | 'roadPermit', string>> = {
  // The platform's own record satisfies its page like any other: an exported list imports back.
  P0001: {
    uscc: '91310115796052833Y',
    roadPermit: '310115002871',
    contactName: '刘子健',
    contactPhone: '13800000001',
    region: '["310000","310100","310115"]',
  },
  C1001: {
    uscc: '91310114MA1GT3K74B',
    roadPermit: '310114003526',
    legalPerson: '周建华',
    contactName: '陈晓雯',
    contactPhone: '13900000001',
    region: '["310000","310100","310114"]',
    address: '上海市嘉定区嘉松北路 6988 号 2 幢 5 楼',
    level: 'strategic',
    industry: 'networkFreight',
    accountManager: '林海',
    contractNo: 'KF-2025-0018',
    contractFrom: '2025-01-01',
    contractTo: '2026-12-31',
  },
  C1002: {
    uscc: '91510109MA6C8Q2E0W',
    roadPermit: '510107001948',
    legalPerson: '杨德明',
    contactName: '何雨婷',
    contactPhone: '13900000002',
    region: '["510000","510100","510107"]',
    address: '四川省成都市武侯区天府大道北段 1700 号 3 栋 12 层',
    level: 'key',
    industry: 'thirdPartyLogistics',
    accountManager: '苏敏',
    contractNo: 'KF-2025-0042',
    contractFrom: '2025-06-01',
    contractTo: '2026-05-31',
  },
};
export const DEMO_USERS = [
  { username: 'admin', realName: '系统管理员', phone: '13800000001', partyCode: 'P0001', roles: ['SUPER_ADMIN'] },
  { username: 'operator', realName: '运营主管', phone: '13800000002', partyCode: 'P0001', roles: ['PLAT_ADMIN', 'STAFF'] },
  { username: 'staff', realName: '平台专员', phone: '13800000003', partyCode: 'P0001', roles: ['STAFF'] },
  { username: 'cust_a', realName: '华东管理员', phone: '13900000001', partyCode: 'C1001', roles: ['CUSTOMER_ADMIN'] },
  { username: 'cust_b', realName: '西南管理员', phone: '13900000002', partyCode: 'C1002', roles: ['CUSTOMER_ADMIN'] },
  { username: 'cust_a_dispatch', realName: '华东调度 王磊', phone: '13900000011', partyCode: 'C1001', roles: ['CUSTOMER_USER'] },
  { username: 'cust_b_ops', realName: '西南运营 赵倩', phone: '13900000012', partyCode: 'C1002', roles: ['CUSTOMER_USER'] },
];
/** Customer roles of demo accounts (a column the staff page adds to sys_user), so their effect shows at sign-in. */
const DEMO_CUSTOMER_ROLES: Record<string, string[]> = { cust_a_dispatch: ['C1001_DISPATCHER'], cust_b_ops: ['C1002_OPERATOR'] };

/** Roles and the platform organisation exist in every database, demo or not. */
export async function seedFoundation(ctx: AppContext): Promise<void> {
  const db = ctx.database.core;
  const now = nowIso();
  for (const r of BUILT_IN_ROLES) {
    const has = await db.selectFrom('sys_role').select('id').where('code', '=', r.code).executeTakeFirst();
    if (!has) {
      await db
        .insertInto('sys_role')
        .values({
          ...r,
          grants: '{}',
          builtIn: boolParam(ctx.database, true),
          status: 'active',
          createdAt: now,
          updatedAt: now,
          createdBy: 'system',
          updatedBy: 'system',
        })
        .execute();
    }
  }
  const party = await db.selectFrom('sys_party').select('id').where('code', '=', PLATFORM_PARTY.code).executeTakeFirst();
  if (!party) {
    await db
      .insertInto('sys_party')
      .values({ ...PLATFORM_PARTY, status: 'active', createdAt: now, updatedAt: now, createdBy: 'system', updatedBy: 'system' })
      .execute();
  }
}

/** The demo accounts' password hash, being computed. */
export interface DemoHashes {
  hash: Promise<string>;
}

/**
 * Starts the demo accounts' password hash when a new database will get them, before its page tables
 * and demo rows are made, so the thread pool computes it on the core the main thread leaves.
 * The accounts share one password, printed at start and in the README, so they share one hash: an
 * identical hash tells a reader of a dump nothing the log does not, and seven hashes of N=2^17 were a
 * second of a first start on two cores (3.8 s against 4.9 s). A password set later gets its own salt.
 */
export async function startDemoHashes(ctx: AppContext): Promise<DemoHashes | null> {
  if (!ctx.config.seedDemo) return null;
  const any = await ctx.database.core.selectFrom('sys_user').select('id').limit(1).executeTakeFirst();
  return any ? null : hashDemoPasswords(ctx);
}

function hashDemoPasswords(ctx: AppContext): DemoHashes {
  const hash = hashPassword(DEMO_PASSWORD, ctx.config.scryptLogN, true);
  // seedAccounts awaits it; until then a failure must not count as unhandled.
  hash.catch(() => undefined);
  return { hash };
}

/**
 * A new database gets the demo organisations and accounts, or, with SEED_DEMO=0, one administrator
 * whose password comes from ADMIN_PASSWORD or is generated and printed once.
 */
export async function seedAccounts(ctx: AppContext, log: (msg: string) => void, started: DemoHashes | null = null): Promise<void> {
  const db = ctx.database.core;
  const any = await db.selectFrom('sys_user').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const now = nowIso();
  const base = { status: 'active', createdAt: now, updatedAt: now, createdBy: 'system', updatedBy: 'system', passwordChangedAt: now };
  if (!ctx.config.seedDemo) {
    const password =
      process.env.ADMIN_PASSWORD ||
      `A${randomBytes(9)
        .toString('base64url')
        .replace(/[^A-Za-z0-9]/g, '')}7`;
    await db
      .insertInto('sys_user')
      .values({
        ...base,
        username: 'admin',
        realName: 'Administrator',
        phone: null,
        partyCode: PLATFORM_PARTY.code,
        roles: JSON.stringify(['SUPER_ADMIN']),
        passwordHash: await hashPassword(password, ctx.config.scryptLogN),
      })
      .execute();
    if (!process.env.ADMIN_PASSWORD) log(`created administrator "admin" with password ${password} (change it after signing in)`);
    return;
  }
  for (const p of DEMO_PARTIES) {
    await db
      .insertInto('sys_party')
      .values({ ...p, status: 'active', createdAt: now, updatedAt: now, createdBy: 'system', updatedBy: 'system' })
      .execute();
    // The profile's columns are the customer page's: written through its table when it is loaded.
    const customers = knownTable(ctx.schemas.pages, 'customerManage/customer', 'sys_party');
    if (customers) await ctx.database.db.updateTable(customers).set(DEMO_PROFILES[p.code]).where('code', '=', p.code).execute();
  }
  const parties = knownTable(ctx.schemas.pages, 'platformUser/partyManage', 'sys_party');
  if (parties)
    await ctx.database.db.updateTable(parties).set(DEMO_PROFILES[PLATFORM_PARTY.code]).where('code', '=', PLATFORM_PARTY.code).execute();
  const passwordHash = await (started ?? hashDemoPasswords(ctx)).hash;
  for (const u of DEMO_USERS) {
    await db
      .insertInto('sys_user')
      .values({ ...base, ...u, roles: JSON.stringify(u.roles), passwordHash })
      .execute();
    const customerRoles = DEMO_CUSTOMER_ROLES[u.username];
    if (customerRoles && customerRolesEnabled(ctx)) {
      // eslint-disable-next-line no-restricted-syntax -- customerRoles is a column the staff page adds, unknown to the core types
      await ctx.database.db
        .updateTable('sys_user')
        .set({ [USER_CUSTOMER_ROLES]: JSON.stringify(customerRoles) })
        .where('username', '=', u.username)
        .execute();
    }
  }
  log(`demo data created: accounts ${DEMO_USERS.map((u) => u.username).join(', ')} with password ${DEMO_PASSWORD}`);
}
