import '@ant-design/v5-patch-for-react-19';
import { useEffect, useMemo, useState } from 'react';
import { App as AntApp, ConfigProvider, theme as antTheme, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { sessionStore } from '../engine/session/store';
import { I18nextProvider } from 'react-i18next';
import { initI18n, i18next } from '../i18n';
import type { Language } from '../i18n/languages';
import { useSettings, type SizeOption } from './settings/store';
import { NotifierBridge } from './NotifierBridge';
import { createConsoleRouter } from './router';
import { registerConsolePages } from './pages';
import { installErrorLog } from './errorLog/errorLog';
import './console.css';

const antdLocales: Record<Language, () => Promise<{ default: Locale }>> = {
  zh: () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
  es: () => import('antd/es/locale/es_ES'),
  ja: () => import('antd/es/locale/ja_JP'),
};

const CONTROL_HEIGHT: Record<SizeOption, number> = { default: 36, medium: 32, small: 28, mini: 24 };

registerConsolePages();

installErrorLog();
const router = createConsoleRouter();

export default function ConsoleApp() {
  const [ready, setReady] = useState(false);
  const [locale, setLocale] = useState<Locale>();
  // Cached answers belong to one user: logout and role switch start a new cache.
  const [cacheEpoch, setCacheEpoch] = useState(0);
  useEffect(() => {
    const off = sessionStore.onReset(() => setCacheEpoch((n) => n + 1));
    return () => void off();
  }, []);
  const settings = useSettings();

  useEffect(() => {
    let alive = true;
    const apply = async () => {
      const lang = (i18next.language as Language) || 'en';
      const mod = await (antdLocales[lang] ?? antdLocales.en)();
      if (alive) setLocale(mod.default);
    };
    void initI18n(['console', 'engine', 'time', 'fields', 'menu', 'widgets']).then(async () => {
      await apply();
      if (alive) setReady(true);
    });
    i18next.on('languageChanged', apply);
    return () => {
      alive = false;
      i18next.off('languageChanged', apply);
    };
  }, []);

  const theme = useMemo<ThemeConfig>(() => ({
    algorithm: antTheme.defaultAlgorithm,
    token: {
      colorPrimary: settings.themeColor,
      colorInfo: settings.themeColor,
      controlHeight: CONTROL_HEIGHT[settings.size],
      borderRadius: 6,
      fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
    },
  }), [settings.themeColor, settings.size]);

  if (!ready) return <div className="boot-loading" aria-busy="true" />;
  return (
    <I18nextProvider i18n={i18next}>
      <ConfigProvider locale={locale} theme={theme} componentSize={settings.size === 'mini' ? 'small' : settings.size === 'default' ? 'large' : 'middle'}>
        <AntApp>
          <NotifierBridge />
          <SWRConfig key={cacheEpoch} value={{ provider: () => new Map() }}>
            <RouterProvider router={router} />
          </SWRConfig>
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
