import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/connect.js';

/** Where verification codes go. A deployment with a real SMS provider supplies its own sender. */
export interface SmsSender {
  readonly provider: string;
  send(phone: string, content: string): Promise<void>;
}

/** Default sender: writes the message to the server log and to the SMS log table, sends nothing. */
export function logSmsSender(database: Database, log: () => FastifyBaseLogger): SmsSender {
  return {
    provider: 'log',
    async send(phone, content) {
      log().info({ phone, content }, 'sms message');
      const now = new Date().toISOString();
      await database.core.insertInto('sys_sms_log').values({ phone, content, provider: 'log', createdAt: now, updatedAt: now }).execute();
    },
  };
}
