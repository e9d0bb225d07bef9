import { StrictMode, Suspense, lazy, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { isPortalPath } from './routesSplit';

/**
 * The public portal and the console are two apps behind one hash. The portal must stay small
 * (no antd tables, formily or echarts), so this entry only decides which one to load.
 */
const PortalApp = lazy(() => import('./portal/PortalApp'));
const ConsoleApp = lazy(() => import('./console/ConsoleApp'));

function hashPath(): string {
  const raw = window.location.hash.replace(/^#/, '') || '/';
  return raw.split('?')[0];
}

function Root() {
  const [portal, setPortal] = useState(() => isPortalPath(hashPath()));
  useEffect(() => {
    const onHash = () => setPortal(isPortalPath(hashPath()));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return <Suspense fallback={<div className="boot-loading" />}>{portal ? <PortalApp /> : <ConsoleApp />}</Suspense>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
