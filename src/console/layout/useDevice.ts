import { useEffect, useState } from 'react';

/** Spec §9: mobile under 992 px. */
export const MOBILE_BREAKPOINT = 992;

export type Device = 'desktop' | 'mobile';

const current = (): Device => (window.innerWidth < MOBILE_BREAKPOINT ? 'mobile' : 'desktop');

/** Desktop or mobile, following resizes while the page is visible (spec §4). */
export function useDevice(): Device {
  const [device, setDevice] = useState<Device>(current);
  useEffect(() => {
    const onResize = () => {
      if (!document.hidden) setDevice(current());
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return device;
}
