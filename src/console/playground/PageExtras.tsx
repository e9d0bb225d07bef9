import { Card, Input, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { PageSchema } from '../../shared/schema/types';
import { pageI18nKeys } from '../../shared/schema/i18nKeys';
import { MENU_ICONS } from '../../shared/widgetNames';
import { playgroundApi, type MessageTexts, type PlaygroundMenu } from './playgroundApi';

export const LANGS = ['zh', 'en', 'es', 'ja'] as const;
const ROLES = ['STAFF', 'CUSTOMER_ADMIN', 'CUSTOMER_USER'];
const ACTIONS = ['read', 'create', 'update', 'delete', 'export'];

/** The page's own keys (its title, fields, sections…, and its menu title); shared keys (fields.*, sections.*) are defined already. */
export function ownKeys(id: string, page: PageSchema | null, text: string): string[] {
  // The text as written when it cannot be previewed yet (its keys lacking texts is itself a problem).
  let source = page;
  if (!source) {
    try {
      source = JSON.parse(text) as PageSchema;
    } catch {
      source = null;
    }
  }
  let own: string[] = [];
  try {
    own = source ? pageI18nKeys(source).filter((k) => typeof k === 'string' && k.startsWith('pages.')) : [];
  } catch {
    own = [];
  }
  return [...own, `menu.${id.replace(/\//g, '.')}`];
}

export const emptyMessages = (): MessageTexts => ({ zh: {}, en: {}, es: {}, ja: {} });

interface Props {
  id: string;
  page: PageSchema | null;
  /** The text being edited, for its keys while it cannot be previewed. */
  text: string;
  messages: MessageTexts;
  menu: PlaygroundMenu;
  onMessages(next: MessageTexts): void;
  onMenu(next: PlaygroundMenu): void;
}

/** What a page made in the playground needs besides its text: its texts in the four languages and its place in the menu. */
export function PageExtras({ id, page, text, messages, menu, onMessages, onMenu }: Props) {
  const { t } = useTranslation();
  const dirs = useSWR('playground-menus', playgroundApi.menus);
  const keys = ownKeys(id, page, text);
  const set = (lang: (typeof LANGS)[number], key: string, text: string) =>
    onMessages({ ...messages, [lang]: { ...messages[lang], [key]: text } });
  return (
    <Card size="small" title={t('playground.extras.title')} data-testid="playground-extras">
      <Typography.Paragraph type="secondary">{t('playground.extras.hint')}</Typography.Paragraph>
      <Table
        size="small"
        rowKey={(k) => k}
        pagination={false}
        dataSource={keys}
        columns={[
          { title: t('playground.extras.key'), render: (_, k) => <Typography.Text code>{k}</Typography.Text> },
          ...LANGS.map((lang) => ({
            title: t(`playground.extras.lang.${lang}`),
            render: (_: unknown, k: string) => (
              <Input
                size="small"
                value={messages[lang][k] ?? ''}
                data-testid={`msg-${lang}-${k}`}
                status={messages[lang][k] ? undefined : 'warning'}
                onChange={(e) => set(lang, k, e.target.value)}
              />
            ),
          })),
        ]}
      />
      <Space wrap style={{ marginTop: 12 }}>
        <Select
          style={{ width: 240 }}
          placeholder={t('playground.extras.parent')}
          value={menu.parent ?? undefined}
          allowClear
          data-testid="playground-menu-parent"
          loading={dirs.isLoading}
          onChange={(v?: string) => onMenu({ ...menu, parent: v ?? null })}
          options={(dirs.data ?? []).map((d) => ({ value: d.code, label: `${d.title} · ${d.code}` }))}
          showSearch
          optionFilterProp="label"
        />
        <Select
          style={{ width: 220 }}
          value={menu.icon}
          showSearch
          data-testid="playground-menu-icon"
          onChange={(v: string) => onMenu({ ...menu, icon: v })}
          options={MENU_ICONS.map((i) => ({ value: i, label: i }))}
        />
      </Space>
      {ROLES.map((role) => (
        <div key={role} style={{ marginTop: 8 }}>
          <Space>
            <Typography.Text style={{ display: 'inline-block', width: 150 }}>{t(`playground.extras.roles.${role}`)}</Typography.Text>
            <Select
              mode="multiple"
              style={{ width: 420 }}
              value={menu.grants?.[role] ?? []}
              data-testid={`playground-grants-${role}`}
              placeholder={t('playground.extras.noGrant')}
              onChange={(v: string[]) => onMenu({ ...menu, grants: { ...menu.grants, [role]: v } })}
              options={ACTIONS.map((a) => ({ value: a, label: t(`playground.extras.actions.${a}`) }))}
            />
          </Space>
        </div>
      ))}
    </Card>
  );
}
