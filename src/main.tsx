import { StrictMode, Suspense, lazy, useEffect, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { isPortalPath } from './routesSplit';

/**
 * The public portal and the console are two apps behind one hash. The portal must stay small
 * (no antd tables, formily or echarts), so this entry only decides which one to load. The first
 * screen's app is loaded before the first render: rendering it through a Suspense fallback would
 * hold back its first paint by React's fallback throttle (about 300 ms).
 */
const loadPortal = () => import('./portal/PortalApp');
const loadConsole = () => import('./console/ConsoleApp');
const PortalApp = lazy(loadPortal);
const ConsoleApp = lazy(loadConsole);

function hashPath(): string {
  const raw = window.location.hash.replace(/^#/, '') || '/';
  return raw.split('?')[0];
}

function Root({ First, firstIsPortal }: { First: ComponentType; firstIsPortal: boolean }) {
  const [portal, setPortal] = useState(firstIsPortal);
  useEffect(() => {
    const onHash = () => setPortal(isPortalPath(hashPath()));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  if (portal === firstIsPortal) return <First />;
  return <Suspense fallback={<div className="boot-loading" />}>{portal ? <PortalApp /> : <ConsoleApp />}</Suspense>;
}

const firstIsPortal = isPortalPath(hashPath());
const { default: First } = await (firstIsPortal ? loadPortal() : loadConsole());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root First={First} firstIsPortal={firstIsPortal} />
  </StrictMode>,
);
