import '@ant-design/v5-patch-for-react-19';
// Before anything renders antd: antd reads which styles the sheet holds once, at its first render.
import './antdStyles/load';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { sessionStore } from '../engine/session/store';
import { I18nextProvider } from 'react-i18next';
import { i18next } from '../i18n';
import type { Language } from '../i18n/languages';
import { useSettings } from './settings/store';
import { componentSize, consoleTheme } from './theme';
import { NotifierBridge } from './NotifierBridge';
import { createConsoleRouter } from './router';
import { KeptPagesHost } from './tabs/KeepAlive';
import { prefetchRoute } from './routePrefetch';
import { registerConsolePages } from './pages';
import { installErrorLog } from './errorLog/errorLog';
import { loadAntdLocale, prepareConsole, preparedLocale } from './boot';
import './console.css';

registerConsolePages();

installErrorLog();

// Created on first mount, not at import: the sign-in screen imports this module ahead of time.
let router: ReturnType<typeof createConsoleRouter> | null = null;

/**
 * The console unmounts while the sign-in screen is shown, and the address changes meanwhile;
 * its router must start from the address the console is mounted at.
 */
function consoleRouter() {
  if (!router) {
    router = createConsoleRouter();
    let last = '';
    router.subscribe(({ location }) => {
      const at = location.pathname + location.search;
      if (at !== last) prefetchRoute(location.pathname, location.search);
      last = at;
    });
  }
  const wanted = window.location.hash.replace(/^#/, '') || '/';
  const { pathname, search } = router.state.location;
  if (pathname + search !== wanted) void router.navigate(wanted, { replace: true });
  return router;
}

export default function ConsoleApp() {
  const [appRouter] = useState(consoleRouter);
  // Prepared by the sign-in screen (or on a revisit): the first render is the console itself.
  const [locale, setLocale] = useState<Locale | undefined>(preparedLocale);
  const [ready, setReady] = useState(() => locale !== undefined);
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
      const next = await loadAntdLocale((i18next.language as Language) || 'en');
      if (alive) setLocale(next);
    };
    void prepareConsole().then((prepared) => {
      if (!alive) return;
      setLocale(prepared);
      setReady(true);
    });
    i18next.on('languageChanged', apply);
    return () => {
      alive = false;
      i18next.off('languageChanged', apply);
    };
  }, []);

  const theme = useMemo(() => consoleTheme(settings), [settings]);

  if (!ready) return <div className="boot-loading" aria-busy="true" />;
  return (
    <I18nextProvider i18n={i18next}>
      <ConfigProvider locale={locale} theme={theme} componentSize={componentSize(settings.size)}>
        <AntApp>
          <NotifierBridge />
          <SWRConfig key={cacheEpoch} value={{ provider: () => new Map() }}>
            {/* A boundary inside the cache: were the entry's boundary to show its fallback for a lazy
                page, React would run SWRConfig's unmount, which forgets the cache it keeps using. */}
            <Suspense fallback={<div className="boot-loading" aria-busy="true" />}>
              <RouterProvider router={appRouter} />
              <KeptPagesHost router={appRouter} />
            </Suspense>
          </SWRConfig>
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
