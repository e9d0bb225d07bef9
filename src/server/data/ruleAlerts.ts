import type { AppContext } from '../context.js';
import { nowIso } from '../context.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { ruleViolations, type RuleContext } from '../../shared/schema/rules.js';
import { translate } from '../i18n/messages.js';
import { parseJsonArray } from '../db/json.js';
import type { Row } from './rows.js';
import { dynamicView } from '../db/connect.js';

/** The console's message centre, where each account reads its own messages. */
const INBOX_PAGE = 'systemManage/news/roleNotice';
/** Who hears of a refusal in an organisation: its administrators. */
const ADMIN_ROLES = ['CUSTOMER_ADMIN', 'PLAT_ADMIN', 'SUPER_ADMIN'];

/**
 * A write refused by a rule marked `alert` (a driver at the annual income cap) is held, not lost from
 * sight: each administrator of the record's organisation gets a message naming the record and the
 * rule's message, in Chinese, the organisation's working language. Written on its own, since the
 * refused write stores nothing.
 */
export async function alertRefusal(ctx: AppContext, page: PageSchema, record: Row, context: RuleContext | undefined): Promise<number> {
  const alerts = ruleViolations(page, record, context).filter((v) => v.alert);
  const inbox = ctx.schemas.pages.get(INBOX_PAGE)?.resource?.table;
  const partyCode = typeof record.partyCode === 'string' ? record.partyCode : null;
  if (!alerts.length || !inbox || !partyCode) return 0;
  const users = (
    await ctx.database.core
      .selectFrom('sys_user')
      .select(['username', 'realName', 'roles'])
      .where('partyCode', '=', partyCode)
      .where('status', '=', 'active')
      .orderBy('id')
      .execute()
  ).filter((u) => parseJsonArray(u.roles).some((r) => ADMIN_ROLES.includes(String(r))));
  if (!users.length) return 0;
  const label = page.resource?.label ? String(record[page.resource.label] ?? '') : '';
  const title = translate('zh', 'server.rules.alertTitle', { page: page.title, record: label });
  const content = [...new Set(alerts.map((v) => translate('zh', v.key, v.params)))].join('\n');
  const now = nowIso();
  await dynamicView(ctx.database.db)
    .insertInto(inbox)
    .values(
      users.map((u) => ({
        partyCode,
        noticeId: null,
        roleCode: null,
        recipient: u.username,
        recipientName: u.realName ?? null,
        title,
        content,
        channels: JSON.stringify(['site']),
        sentAt: now,
        status: 'sent',
        createdAt: now,
        updatedAt: now,
        createdBy: 'system',
        updatedBy: 'system',
        version: 1,
      })),
    )
    .execute();
  return users.length;
}
