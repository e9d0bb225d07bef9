import { conflict, providerRefused } from '../../errors.js';
import { audit } from '../../data/audit.js';
import { callForOrder } from './locateOrder.js';
import type { ActionHandler } from '../../actions/types.js';
import { tableOfPage } from '../../db/knownTable.js';

const CST = 8 * 3_600_000;
const cst = (v: unknown) =>
  new Date(Date.parse(String(v instanceof Date ? v.toISOString() : v)) + CST).toISOString().slice(5, 16).replace('T', ' ');

/**
 * Asks the driver of a phone-positioning order for consent: the SMS goes through the gateway's
 * SMS service for the order's organisation (metered and logged), and the order waits for the reply
 * (consent pending, with the time the SMS left). The reply is recorded on the order.
 */
export const requestLocationConsent: ActionHandler = async (ctx, access, record) => {
  const order = record!;
  if (order.method !== 'phoneLbs') throw conflict('pages.location.order.messages.consentNotNeeded');
  if (order.status !== 'created') throw conflict('pages.location.order.messages.consentOnlyBeforeStart');
  if (order.consentStatus === 'granted') throw conflict('pages.location.order.messages.consentAlreadyGranted');
  if (!order.driverMobile) throw conflict('pages.location.order.messages.noMobile');
  const at = new Date();
  const party = await ctx.database.core
    .selectFrom('sys_party')
    .select('name')
    .where('code', '=', String(order.partyCode))
    .executeTakeFirst();
  const content = `【${party?.name ?? order.partyCode}】运单 ${String(order.waybillNo)} 申请在 ${cst(order.startAt)} 至 ${cst(order.endAt)} 期间定位您的手机，用于在途监管。回复 Y 同意，回复 N 拒绝。`;
  const answer = await callForOrder(
    ctx,
    order,
    'sms',
    'send',
    { phone: String(order.driverMobile), template: 'location_consent', content, bizNo: String(order.locOrderNo) },
    at,
  );
  if (answer.result !== 'success')
    throw providerRefused('pages.location.order.messages.smsFailed', {
      reason: String(answer.data.message ?? answer.data.errorCode ?? ''),
    });
  const now = at.toISOString();
  await ctx.database.db
    .updateTable(tableOfPage(access.page, 'loc_order'))
    .set((eb) => ({
      consentStatus: 'pending',
      consentSmsAt: now,
      consentAt: null,
      version: eb('version', '+', 1),
      updatedAt: now,
      updatedBy: access.user.username,
    }))
    .where('id', '=', Number(order.id))
    .execute();
  await audit(
    ctx.database.db,
    access.user,
    access.page,
    'action:requestConsent',
    Number(order.id),
    { consentStatus: order.consentStatus, consentSmsAt: order.consentSmsAt },
    { consentStatus: 'pending', consentSmsAt: now, requestId: answer.requestId },
  );
  return {
    message: 'pages.location.order.messages.consentSent',
    params: { mobile: String(order.driverMobile).replace(/^(\d{3})\d{4}/, '$1****'), requestId: answer.requestId },
  };
};
