import { useCallback, useState } from 'react';
import { useSession } from '../session/store';

export type Density = 'large' | 'middle' | 'small';

export interface ListPrefs {
  hidden: string[];
  density: Density;
}

/** Column choice and density are remembered per user and page, in this browser. */
export function useListPrefs(pageId: string): [ListPrefs, (p: Partial<ListPrefs>) => void] {
  const { info } = useSession();
  const key = `list-prefs:${info?.code ?? 'anon'}:${pageId}`;
  const [prefs, setPrefs] = useState<ListPrefs>(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(key) ?? 'null');
      if (saved && Array.isArray(saved.hidden)) return { hidden: saved.hidden, density: saved.density ?? 'middle' };
    } catch {
      /* damaged preferences fall back to defaults */
    }
    return { hidden: [], density: 'middle' };
  });
  const update = useCallback(
    (p: Partial<ListPrefs>) => {
      setPrefs((old) => {
        const next = { ...old, ...p };
        localStorage.setItem(key, JSON.stringify(next));
        return next;
      });
    },
    [key],
  );
  return [prefs, update];
}
