import { randomInt } from 'node:crypto';
import type { AppContext } from '../context.js';
import { badRequest, tooMany } from '../errors.js';
import { digest } from '../security/token.js';
import { smsCodeTtlSeconds, smsDailyPerPhone, smsResendSeconds, smsSignName } from '../services/settings.js';
import { smsLimitsWaived } from '../services/phoneWhitelist.js';
import { recordInterception } from './blacklist.js';

const MAX_VERIFY_ATTEMPTS = 5;
export const SMS_PURPOSES = ['login', 'register', 'resetPassword'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

const codeDigest = (phone: string, code: string) => digest(`${phone}:${code}`);

/**
 * Sends a new code. Lifetime, the wait before another code and the daily cap per phone come from
 * the parameters page (services/settings.ts); whitelisted phones skip the wait and the cap.
 */
export async function issueCode(
  ctx: AppContext,
  phone: string,
  purpose: SmsPurpose,
  ip: string,
): Promise<{ expiresIn: number; resendIn: number }> {
  const db = ctx.database.core;
  const now = Date.now();
  const [ttlSeconds, resendSeconds, dailyCap, waived] = await Promise.all([
    smsCodeTtlSeconds(ctx),
    smsResendSeconds(ctx),
    smsDailyPerPhone(ctx),
    smsLimitsWaived(ctx, phone),
  ]);
  if (!waived) {
    const recent = await db
      .selectFrom('sys_sms_code')
      .select(['createdAt'])
      .where('phone', '=', phone)
      .where('createdAt', '>', new Date(now - resendSeconds * 1000).toISOString())
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (recent) {
      const seconds = Math.ceil((Date.parse(recent.createdAt) + resendSeconds * 1000 - now) / 1000);
      throw tooMany('server.sms.tooSoon', { seconds });
    }
    const today = await db
      .selectFrom('sys_sms_code')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('phone', '=', phone)
      .where('createdAt', '>', new Date(now - 86_400_000).toISOString())
      .executeTakeFirst();
    if (Number(today?.n ?? 0) >= dailyCap) {
      await recordInterception(ctx, {
        partyCode: null,
        phone,
        reason: 'frequency',
        source: 'platform',
        template: `code_${purpose}`,
        detail: `同一号码 24 小时内验证码已达 ${dailyCap} 条上限`,
        at: new Date(now),
      });
      throw tooMany('server.sms.dailyCap', { count: dailyCap });
    }
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const iso = new Date(now).toISOString();
  await db
    .insertInto('sys_sms_code')
    .values({
      phone,
      purpose,
      codeHash: codeDigest(phone, code),
      expiresAt: new Date(now + ttlSeconds * 1000).toISOString(),
      ip,
      createdAt: iso,
      updatedAt: iso,
    })
    .execute();
  const minutes = Math.round(ttlSeconds / 60);
  await ctx.sms.send(
    phone,
    `【${await smsSignName(ctx)}】验证码 ${code}，${minutes} 分钟内有效。Verification code ${code}, valid for ${minutes} minutes.`,
    { template: `code_${purpose}` },
  );
  return { expiresIn: ttlSeconds, resendIn: waived ? 0 : resendSeconds };
}

/** Consumes the newest live code for the phone; a wrong guess counts against it, a used or stale one never passes. */
export async function consumeCode(ctx: AppContext, phone: string, purpose: SmsPurpose, code: string): Promise<void> {
  const db = ctx.database.core;
  const nowIso = new Date().toISOString();
  const row = await db
    .selectFrom('sys_sms_code')
    .select(['id', 'codeHash', 'attempts', 'expiresAt', 'usedAt'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.usedAt) throw badRequest('server.sms.noCode');
  if (row.expiresAt <= nowIso) throw badRequest('server.sms.expired');
  if (row.attempts >= MAX_VERIFY_ATTEMPTS) throw badRequest('server.sms.tooManyAttempts');
  if (!/^\d{6}$/.test(code) || row.codeHash !== codeDigest(phone, code)) {
    await db
      .updateTable('sys_sms_code')
      .set({ attempts: row.attempts + 1, updatedAt: nowIso })
      .where('id', '=', row.id)
      .execute();
    throw badRequest('server.sms.wrongCode');
  }
  // The guard on usedAt makes two racing requests with the same code succeed at most once.
  const res = await db
    .updateTable('sys_sms_code')
    .set({ usedAt: nowIso, updatedAt: nowIso })
    .where('id', '=', row.id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw badRequest('server.sms.noCode');
}
