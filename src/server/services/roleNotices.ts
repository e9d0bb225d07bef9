import type { AppContext, SessionUser } from '../context.js';
import { nowIso } from '../context.js';
import type { Db } from '../db/connect.js';
import { parseJsonArray } from '../db/json.js';
import { USER_CUSTOMER_ROLES } from '../db/customerRoleTables.js';
import { knownTable } from '../db/knownTable.js';

/** The page of delivered notices: the console's message centre, each account reading its own. */
const INBOX_PAGE = 'systemManage/news/roleNotice';

/** A text field of the notice record as its inbox column holds it. */
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

interface Holder {
  username: string;
  realName: string | null;
  phone: string | null;
}

/** Active accounts of the notice's organisation holding its role, as the notice is sent. */
async function holders(trx: Db, partyCode: string, roleCode: string): Promise<Holder[]> {
  const rows = await trx
    .selectFrom('sys_user')
    .select(['username', 'realName', 'phone', USER_CUSTOMER_ROLES])
    .where('partyCode', '=', partyCode)
    .where('status', '=', 'active')
    .where(USER_CUSTOMER_ROLES, 'like', `%"${roleCode}"%`)
    .orderBy('id')
    .execute();
  return rows
    .filter((r) => parseJsonArray(r[USER_CUSTOMER_ROLES]).includes(roleCode))
    .map((r) => ({ username: String(r.username), realName: r.realName ?? null, phone: r.phone ?? null }));
}

/**
 * A role notice sent reaches the accounts holding the role: in the message centre for the "site"
 * channel (written in the sending transaction, so a notice is never "sent" without them), by SMS
 * through the platform's sender for "sms" after the commit. Email has no sender in the product and
 * is not delivered. Withdrawing marks the delivered messages withdrawn. Returns what to do after commit.
 */
export async function deliverRoleNotice(
  ctx: AppContext,
  trx: Db,
  user: SessionUser,
  transition: string,
  notice: Record<string, unknown>,
): Promise<(() => Promise<void>) | null> {
  const inbox = knownTable(ctx.schemas.pages, INBOX_PAGE, 'news_role_notice');
  const now = nowIso();
  if (transition === 'withdraw') {
    if (inbox)
      await trx
        .updateTable(inbox)
        .set({ status: 'withdrawn', updatedAt: now, updatedBy: user.username })
        .where('noticeId', '=', Number(notice.id))
        .execute();
    return null;
  }
  if (transition !== 'send') return null;
  const channels = parseJsonArray(notice.channels);
  const partyCode = String(notice.partyCode);
  const to = await holders(trx, partyCode, String(notice.roleCode));
  if (inbox && channels.includes('site')) {
    for (const h of to) {
      await trx
        .insertInto(inbox)
        .values({
          partyCode,
          noticeId: Number(notice.id),
          roleCode: text(notice.roleCode),
          recipient: h.username,
          recipientName: h.realName,
          title: text(notice.title),
          content: text(notice.content),
          channels: JSON.stringify(channels),
          sentAt: text(notice.sentAt) ?? now,
          status: 'sent',
          createdAt: now,
          updatedAt: now,
          createdBy: user.username,
          updatedBy: user.username,
          version: 1,
        })
        .execute();
    }
  }
  const phones = channels.includes('sms') ? to.map((h) => h.phone).filter((p): p is string => Boolean(p)) : [];
  if (!phones.length) return null;
  return async () => {
    for (const phone of phones) {
      // A number on the SMS blacklist is refused and recorded by the sender; the others still get theirs.
      await ctx.sms
        .send(phone, `${String(notice.title)}：${String(notice.content)}`, { partyCode, template: 'role_notice' })
        .catch(() => undefined);
    }
  };
}
