import { startTransition, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { APPS, type AppName } from './apps';
import { onAppAddressChange } from './appSwitch';
import { TOKEN_COOKIE } from './client/cookieNames';
import { readCookie } from './i18n/languageCookie';
import { isPortalPath } from './routesSplit';

/**
 * Three apps behind one hash: the public portal, the sign-in screen and the console. The portal and
 * the sign-in screen must stay small (no antd, formily or echarts), so this entry only decides
 * which one to load. The first screen's app is loaded before the first render: rendering it
 * through a Suspense fallback would hold back its first paint by React's fallback throttle.
 */

function appForAddress(): AppName {
  const path = (window.location.hash.replace(/^#/, '') || '/').split('?')[0];
  if (isPortalPath(path)) return 'portal';
  // A signed-in visitor on /login is the console's to redirect (spec §2.1).
  if (path === '/login' && !readCookie(TOKEN_COOKIE)) return 'login';
  return 'console';
}

function Root({ first }: { first: AppName }) {
  const [name, setName] = useState(first);
  useEffect(() => {
    let alive = true;
    // The next app is shown once its code is here. Rendered while loading, it would suspend the
    // boundary below, which hides the current app and disconnects its effects (the console's data
    // cache among them) while keeping it, and a quick way back to it would render it disconnected.
    const follow = () => {
      const wanted = appForAddress();
      // A failed load renders anyway: the lazy component retries and the error shows.
      void APPS[wanted]
        .preload()
        .catch(() => undefined)
        .then(() => {
          // The address may have moved on while the code loaded: the latest one wins.
          if (alive && appForAddress() === wanted) startTransition(() => setName(wanted));
        });
    };
    const off = onAppAddressChange(follow);
    return () => {
      alive = false;
      off();
    };
  }, []);
  const App = APPS[name];
  return (
    <Suspense fallback={<div className="boot-loading" />}>
      <App key={name} />
    </Suspense>
  );
}

const first = appForAddress();
await APPS[first].preload();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root first={first} />
  </StrictMode>,
);
