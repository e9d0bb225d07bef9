import { App, Button, Dropdown, type MenuProps } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { openChat, openSystemLink } from './systemLinks';

/**
 * Business systems reachable from the console, and the customer-service chat. A link with action 2
 * is configured for the user first (spec §2.6); an empty link is a system still being built.
 */
export const SYSTEM_LINKS: { key: string; link: string; action: number }[] = [
  { key: 'showcase', link: '#/portalShow', action: 2 },
  { key: 'portal', link: '#/index', action: 1 },
  { key: 'wms', link: '', action: 2 },
];

export function SystemsMenu() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const feedback = {
    loading: (text: string, seconds: number) => void message.loading(text, seconds),
    success: (text: string) => void message.success(text),
    warning: (text: string) => void message.warning(text),
  };
  const absolute = (link: string) => (link.startsWith('#') ? `${window.location.origin}${window.location.pathname}${link}` : link);
  const items: MenuProps['items'] = [
    ...SYSTEM_LINKS.map((s) => ({ key: s.key, label: t(`layout.systems.${s.key}`) })),
    { type: 'divider' },
    { key: 'chat', label: t('layout.customerService') },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'chat') {
      openChat(absolute('#/index/about?section=contact'));
      return;
    }
    const s = SYSTEM_LINKS.find((x) => x.key === key)!;
    void openSystemLink(s.link && absolute(s.link), s.action, feedback, t);
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button type="text" icon={<AppstoreOutlined />} aria-label={t('layout.systems.label')} data-testid="systems-menu" />
    </Dropdown>
  );
}
