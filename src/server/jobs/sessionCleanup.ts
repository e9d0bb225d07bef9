import type { JobHandler } from './types.js';

const WEEK_MS = 7 * 86_400_000;

/** Sessions and verification codes that expired over a week ago are of no further use. */
export const sessionCleanup: JobHandler = async (ctx, { now }) => {
  const before = new Date(now.getTime() - WEEK_MS).toISOString();
  const sessions = await ctx.database.core.deleteFrom('sys_session').where('expiresAt', '<', before).executeTakeFirst();
  const codes = await ctx.database.core.deleteFrom('sys_sms_code').where('expiresAt', '<', before).executeTakeFirst();
  return { rows: Number(sessions.numDeletedRows) + Number(codes.numDeletedRows) };
};
