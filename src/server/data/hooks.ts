import type { AppContext } from '../context.js';
import { conflict } from '../errors.js';
import { invalidateMenuCache, type PageAccess } from './access.js';
import type { Row } from './rows.js';
import { tableWritten } from '../services/tableCache.js';
import { assertTiers } from './priceTiers.js';
import { invalid } from './validateBody.js';
import { guardAccountWrite } from './accountGuard.js';
import { checkCustomerRoleGrants, checkRoleGrants, checkUserRoles } from './roleGrants.js';
import { checkCustomerRoleInUse, checkUserCustomerRoles } from './customerRoleAssign.js';
import { CUSTOMER_ROLE_TABLE, customerRolesEnabled } from '../db/customerRoleTables.js';
import { deliverRoleNotice } from '../services/roleNotices.js';
import type { Db } from '../db/connect.js';
import { moveDriverWallet } from './driverWallet.js';

/**
 * Rules that belong to particular core tables, which no page schema can state: who may hand out
 * which role, what may never be deleted. Keyed by table, so any page over the table obeys them.
 */
export async function beforeWrite(
  ctx: AppContext,
  access: PageAccess,
  op: 'create' | 'update' | 'delete',
  next: Row | null,
  existing: Row | null,
) {
  const table = access.page.resource!.table;
  // Price plan tiers are a JSON list the meta-schema cannot describe item by item.
  if (table === 'cm_price_plan' && next) {
    assertTiers(next.tiers);
    if (next.validTo && next.validFrom && String(next.validTo) < String(next.validFrom))
      throw invalid({ validTo: { key: 'gateway.validToBeforeFrom' } });
  }
  if (table === 'sys_user') {
    await checkUserRoles(ctx, access, op, next, existing);
    await checkUserCustomerRoles(ctx, access, op, next, existing);
  }
  if (table === CUSTOMER_ROLE_TABLE && existing && op === 'delete') await checkCustomerRoleInUse(ctx, existing);
  // Accounts and menus show a role by its name: a built-in role's name is part of the platform, whoever asks.
  if (table === 'sys_role' && existing?.builtIn && next && next.name !== undefined && next.name !== existing.name)
    throw conflict('server.data.builtInRoleName');
  if (table === 'sys_role') await checkRoleGrants(ctx, access, next, existing);
  if (table === 'cm_role_permission') await checkCustomerRoleGrants(ctx, access, next, existing);
  if (table === 'sys_role' && existing) {
    if (op === 'delete' && existing.builtIn) throw conflict('server.data.builtInRole');
    if (op === 'delete') {
      const users = await ctx.database.core
        .selectFrom('sys_user')
        .select('id')
        .where('roles', 'like', `%"${String(existing.code)}"%`)
        .limit(1)
        .execute();
      if (users.length) throw conflict('server.data.roleInUse');
    }
  }
  if (table === 'sys_party' && existing && op === 'delete') {
    if (existing.kind === 'platform') throw conflict('server.data.platformParty');
    const users = await ctx.database.core
      .selectFrom('sys_user')
      .select('id')
      .where('partyCode', '=', String(existing.code))
      .limit(1)
      .execute();
    if (users.length) throw conflict('server.data.partyInUse');
  }
  await guardAccountWrite(ctx, access, op, next, existing);
}

/**
 * Consequences of a state change that reach beyond one record, inside its transaction; what must wait
 * for the commit (messages sent out) comes back as a function to call then.
 */
export async function onTransition(
  ctx: AppContext,
  trx: Db,
  access: PageAccess,
  name: string,
  record: Row,
): Promise<(() => Promise<void>) | null> {
  if (access.page.resource!.table === 'cm_role_notice' && customerRolesEnabled(ctx))
    return deliverRoleNotice(ctx, trx, access.user, name, record);
  // A driver's withdrawal or loan moves money only through the driver's wallet and its ledger, in the transfer's own transaction.
  if (
    access.page.resource!.table === 'tms_transfer_apply' &&
    name === 'transfer' &&
    (record.applyType === 'withdraw' || record.applyType === 'driverLoan')
  ) {
    await moveDriverWallet(trx, access.user.username, {
      driverIdcard: String(record.driverIdcard ?? ''),
      partyCode: String(record.partyCode),
      type: record.applyType === 'withdraw' ? 'withdraw' : 'loan',
      amountFen: Number(record.amountFen),
      applyNo: String(record.applyNo),
      bankSerialNo: record.bankSerialNo as string | null,
      waybillNo: record.waybillNo as string | null,
    });
  }
  return null;
}

export function afterWrite(access: PageAccess) {
  tableWritten(access.page.resource!.table);
  if (access.page.resource!.table === 'sys_menu' || access.page.resource!.table === 'sys_role') invalidateMenuCache();
}
