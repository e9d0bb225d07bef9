import { useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { Button, Modal, Select, type RefSelectProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../engine/session/store';
import { useMenuTitle } from './useMenuTitle';
import { createRouteSearch, searchableRoutes } from './routeSearchRank';
import { focusPageTitle } from '../tabs/pageFocus';

function RouteSearchSelect({
  autoFocus,
  onDone,
  selectRef,
}: {
  autoFocus?: boolean;
  onDone?: () => void;
  selectRef?: Ref<RefSelectProps>;
}) {
  const { routes } = useSession();
  const title = useMenuTitle();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const search = useMemo(() => createRouteSearch(searchableRoutes(routes, title)), [routes, title]);
  const results = useMemo(() => search(query), [search, query]);
  return (
    <Select
      ref={selectRef}
      showSearch
      value={null}
      className="route-search"
      data-testid="route-search"
      autoFocus={autoFocus}
      placeholder={
        <span>
          <SearchOutlined /> {t('layout.searchPlaceholder')}
        </span>
      }
      filterOption={false}
      onSearch={setQuery}
      searchValue={query}
      notFoundContent={query ? t('layout.searchNothing') : null}
      options={results.map((r) => ({
        value: r.path,
        label: (
          <span className="route-search__option">
            <b>{r.title}</b>
            <small>
              {r.trail ? `${r.trail} · ` : ''}
              {r.path}
            </small>
          </span>
        ),
      }))}
      onSelect={(path) => {
        if (!path) return;
        setQuery('');
        navigate(path);
        onDone?.();
      }}
      aria-label={t('layout.search')}
      popupMatchSelectWidth={360}
      suffixIcon={autoFocus ? null : <kbd className="route-search__kbd">Ctrl K</kbd>}
    />
  );
}

/**
 * Route search over visible titles and paths; Ctrl+K or Cmd+K jumps to it. On a phone the box is a
 * button that opens the same search full width.
 */
export function RouteSearch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<RefSelectProps>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        if (compact) setOpen(true);
        else ref.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [compact]);
  // A page chosen here is where the user goes on: the focus follows it (the select keeps it otherwise).
  if (!compact)
    return (
      <RouteSearchSelect
        selectRef={ref}
        onDone={() => {
          ref.current?.blur();
          focusPageTitle();
        }}
      />
    );
  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined />}
        aria-label={t('layout.search')}
        onClick={() => setOpen(true)}
        data-testid="route-search-button"
      />
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        closable={false}
        destroyOnHidden
        className="route-search-modal"
        title={t('layout.search')}
        style={{ top: 16 }}
        afterOpenChange={(shown) => {
          if (shown) ref.current?.focus();
        }}
      >
        <RouteSearchSelect selectRef={ref} autoFocus onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}
