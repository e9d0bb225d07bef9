import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** A thin bar across the top while the console moves to another page. */
export function RouteProgress() {
  const { pathname } = useLocation();
  const [run, setRun] = useState(0);
  useEffect(() => setRun((r) => r + 1), [pathname]);
  return <div key={run} className="route-progress" aria-hidden="true" />;
}
