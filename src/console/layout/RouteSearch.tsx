import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, type RefSelectProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import Fuse from 'fuse.js';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../engine/session/store';
import type { RouteEntry } from '../../engine/routes/buildRoutes';
import { useMenuTitle } from './useMenuTitle';

/** Spec §9: fuzzy threshold 0.4, title weight 0.7, path weight 0.3. */
export const SEARCH_OPTIONS = { threshold: 0.4, keys: [{ name: 'title', weight: 0.7 }, { name: 'path', weight: 0.3 }] };

export interface SearchItem { title: string; path: string }

export function searchableRoutes(routes: RouteEntry[], title: (k: string) => string, trail: string[] = []): SearchItem[] {
  return routes.filter((r) => !r.meta.hidden).flatMap((r) => {
    const t = [...trail, title(r.meta.title)];
    const own = r.component ? [{ title: t.join(' / '), path: r.path }] : [];
    return [...own, ...searchableRoutes(r.children, title, t)];
  });
}

/** Route search over visible titles and paths; Ctrl+K or Cmd+K jumps to it. */
export function RouteSearch() {
  const { routes } = useSession();
  const title = useMenuTitle();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const ref = useRef<RefSelectProps>(null);
  const items = useMemo(() => searchableRoutes(routes, title), [routes, title]);
  const fuse = useMemo(() => new Fuse(items, SEARCH_OPTIONS), [items]);
  const results = useMemo(() => (query ? fuse.search(query).slice(0, 12).map((r) => r.item) : []), [fuse, query]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        ref.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Select ref={ref} showSearch value={null} className="route-search" data-testid="route-search"
      placeholder={<span><SearchOutlined /> {t('layout.searchPlaceholder')}</span>}
      filterOption={false} onSearch={setQuery} searchValue={query} notFoundContent={query ? t('layout.searchNothing') : null}
      options={results.map((r) => ({ value: r.path, label: <span className="route-search__option"><b>{r.title}</b><small>{r.path}</small></span> }))}
      onSelect={(path) => { if (!path) return; setQuery(''); navigate(path); ref.current?.blur(); }}
      aria-label={t('layout.search')} popupMatchSelectWidth={360} suffixIcon={<kbd className="route-search__kbd">Ctrl K</kbd>} />
  );
}
