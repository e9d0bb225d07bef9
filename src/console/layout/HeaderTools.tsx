import { useEffect, useState } from 'react';
import { App, Button, Dropdown, Tooltip } from 'antd';
import { ColumnHeightOutlined, FullscreenExitOutlined, FullscreenOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { settingsStore, useSettings, type SizeOption } from '../settings/store';
import { tabsStore } from '../tabs/tabsStore';

/** Fullscreen toggle; browsers without the API get the spec's warning. */
export function FullscreenButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const on = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled || !document.documentElement.requestFullscreen) {
      void message.warning(t('layout.fullscreenUnsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };
  return (
    <Tooltip title={t('layout.fullscreen')}>
      <Button
        type="text"
        onClick={toggle}
        aria-label={t('layout.fullscreen')}
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      />
    </Tooltip>
  );
}

const SIZES: SizeOption[] = ['default', 'medium', 'small', 'mini'];

/** Spec §4: a size change drops every cached page, reloads the current one and says so. */
export function SizeMenu() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { size } = useSettings();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const pick = (next: SizeOption) => {
    if (next === size) return;
    settingsStore.update({ size: next });
    tabsStore.dropCache();
    navigate(`/redirect${pathname}${search}`, { replace: true });
    void message.success(t('layout.switchSizeSuccess'));
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: t(`layout.size.${s}`) })),
        onClick: ({ key }) => pick(key as SizeOption),
      }}
    >
      <Button type="text" icon={<ColumnHeightOutlined />} aria-label={t('layout.sizeLabel')} data-testid="size-menu" />
    </Dropdown>
  );
}

export function SettingsButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('settings.title')}>
      <Button type="text" icon={<SettingOutlined />} onClick={onOpen} aria-label={t('settings.title')} data-testid="settings-button" />
    </Tooltip>
  );
}
