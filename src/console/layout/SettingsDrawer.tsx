import { App, Drawer, Switch, Tooltip } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { settingsStore, THEME_PRESETS, useSettings } from '../settings/store';

/** Theme colour and layout switches, applied at once and remembered (spec §2.6). */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const s = useSettings();
  const { message } = App.useApp();
  // Spec §4: a theme change recompiles the styles and says so while it does.
  const pickTheme = (c: string) => {
    if (c === s.themeColor) return;
    const key = 'theme-compiling';
    void message.loading({ key, content: t('settings.compilingTheme'), duration: 1 });
    settingsStore.update({ themeColor: c });
    document.documentElement.style.setProperty('--theme-color', c);
  };
  const row = (label: string, key: 'tagsView' | 'fixedHeader' | 'sidebarLogo') => (
    <div className="settings-row">
      <span id={`setting-${key}`}>{label}</span>
      <Switch
        checked={s[key]}
        onChange={(v) => settingsStore.update({ [key]: v })}
        aria-labelledby={`setting-${key}`}
        data-testid={`setting-${key}`}
      />
    </div>
  );
  return (
    <Drawer open={open} onClose={onClose} title={t('settings.title')} width={300}>
      <h4 className="settings-heading">{t('settings.themeColor')}</h4>
      <div className="theme-swatches" role="radiogroup" aria-label={t('settings.themeColor')}>
        {THEME_PRESETS.map((c, i) => (
          <Tooltip key={c} title={t(`settings.preset${i}`)}>
            <button
              type="button"
              role="radio"
              aria-checked={s.themeColor === c}
              aria-label={t(`settings.preset${i}`)}
              data-color={c}
              className="theme-swatch"
              style={{ background: c }}
              onClick={() => pickTheme(c)}
            >
              {s.themeColor === c && <CheckOutlined />}
            </button>
          </Tooltip>
        ))}
      </div>
      <h4 className="settings-heading">{t('settings.layout')}</h4>
      {row(t('settings.tagsView'), 'tagsView')}
      {row(t('settings.fixedHeader'), 'fixedHeader')}
      {row(t('settings.sidebarLogo'), 'sidebarLogo')}
    </Drawer>
  );
}
