import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, SmsSender } from '../context.js';
import type { Database } from '../db/connect.js';
import { forbidden } from '../errors.js';
import { BLACKLISTED, blacklistDetail, blacklistEntry, recordInterception } from './blacklist.js';

/** Default sender: writes the message to the server log and to the SMS log table, sends nothing. */
export function logSmsSender(database: Database, log: () => FastifyBaseLogger): SmsSender {
  return {
    provider: 'log',
    async send(phone, content, about) {
      log().info({ phone, content }, 'sms message');
      const now = new Date().toISOString();
      await database.core
        .insertInto('sys_sms_log')
        .values({
          phone,
          content,
          provider: 'log',
          partyCode: about?.partyCode ?? null,
          signName: about?.signName ?? null,
          template: about?.template ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    },
  };
}

/**
 * Every message the platform sends goes through this: a number on the SMS blacklist (the
 * organisation's or the platform's) is refused with 403 and the refusal written to the SMS
 * interception log, so a caller that must not fail (an alert) catches it.
 */
export function blacklistGuard(ctx: AppContext, inner: SmsSender): SmsSender {
  return {
    provider: inner.provider,
    async send(phone, content, about) {
      const at = new Date();
      const entry = await blacklistEntry(ctx, about?.partyCode ?? null, phone, at);
      if (entry) {
        await recordInterception(ctx, {
          partyCode: about?.partyCode ?? null,
          phone,
          reason: 'blacklist',
          source: 'platform',
          template: about?.template ?? null,
          content,
          detail: blacklistDetail(entry),
          at,
        });
        throw forbidden(BLACKLISTED);
      }
      await inner.send(phone, content, about);
    },
  };
}
