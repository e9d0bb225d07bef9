import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject, type WheelEvent } from 'react';
import { Button, Dropdown, type MenuProps } from 'antd';
import { CloseOutlined, DownOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasUnsavedChanges } from '../../engine/renderers/useUnsavedGuard';
import { tabsStore, useTabs, type Tab } from './tabsStore';
import { useTabTitle } from './KeepAlive';
import { scrollBehavior } from '../../utils/motion';

/** Spec §9: wheel scrolling of the tab strip is divided by 4; tab scroll padding 4 px. */
const WHEEL_DIVISOR = 4;
const SCROLL_PADDING = 4;

/** Whether the strip can scroll further left or right; recomputed on scroll, resize and tab changes. */
function useOverflow(strip: RefObject<HTMLElement | null>, deps: unknown[]) {
  const [edges, setEdges] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = strip.current;
    if (!el) return;
    const next = { left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 };
    setEdges((prev) => (prev.left === next.left && prev.right === next.right ? prev : next));
  }, [strip]);
  useEffect(() => {
    const el = strip.current;
    if (!el) return undefined;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [measure, ...deps]);
  return { edges, measure };
}

interface TabActions {
  open(tab: Tab): void;
  close(tab: Tab): void;
  act(tab: Tab, key: string): void;
}

/**
 * One tab with its context menu. Memoised: a navigation changes two tabs (the one left and the one
 * opened), and a strip of many open pages re-rendered every tab's menu trigger at each of them.
 */
const TabItem = memo(function TabItem(props: {
  tab: Tab;
  active: boolean;
  title: string;
  closeLabel: string;
  menu: MenuProps['items'];
  actions: TabActions;
}) {
  const { tab, active, title, closeLabel, menu, actions } = props;
  return (
    <Dropdown trigger={['contextMenu']} menu={{ items: menu, onClick: ({ key }) => actions.act(tab, key) }}>
      <li
        data-testid="tab"
        className={active ? 'tags-view__tab tags-view__tab--active' : 'tags-view__tab'}
        onClick={() => actions.open(tab)}
        onAuxClick={(e) => {
          if (e.button === 1 && !tab.affix) actions.close(tab);
        }}
      >
        <button
          type="button"
          className="tags-view__title"
          aria-current={active ? 'page' : undefined}
          onClick={(e) => {
            e.stopPropagation();
            actions.open(tab);
          }}
          onKeyDown={(e) => {
            if ((e.key === 'Delete' || e.key === 'Backspace') && !tab.affix) actions.close(tab);
          }}
        >
          {title}
        </button>
        {!tab.affix && (
          <button
            type="button"
            className="tags-view__close"
            aria-label={closeLabel}
            onClick={(e) => {
              e.stopPropagation();
              actions.close(tab);
            }}
          >
            <CloseOutlined />
          </button>
        )}
      </li>
    </Dropdown>
  );
});

/** The strip of open pages (spec §2.6, §4): affixed tabs stay, a context menu refreshes and closes. */
export function TagsView() {
  const { tabs, active } = useTabs();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const strip = useRef<HTMLUListElement>(null);
  const tabTitle = useTabTitle();
  // Titles follow the current language: derived from the menu's keys at render, not stored text.
  const titleOf = (tab: Tab) => {
    const derived = tabTitle(tab.path).title;
    return derived === tab.path ? tab.title : derived;
  };

  const go = (target: string | null) => {
    if (target) navigate(target);
  };
  const close = (tab: Tab) => {
    if (hasUnsavedChanges(tab.path) && !window.confirm(t('engine.form.leaveConfirm'))) return;
    go(tabsStore.close([tab.key]));
  };
  const onWheel = (e: WheelEvent) => {
    if (strip.current) strip.current.scrollLeft += e.deltaY / WHEEL_DIVISOR;
  };
  const { edges, measure } = useOverflow(strip, [tabs.length]);
  const overflowing = edges.left || edges.right;
  const scrollBy = (direction: 1 | -1) => {
    const el = strip.current;
    if (el) el.scrollBy({ left: direction * Math.max(120, el.clientWidth * 0.6), behavior: scrollBehavior() });
  };
  // The active tab is always brought into view, whichever way it became active.
  useEffect(() => {
    const el = strip.current?.querySelector<HTMLElement>('.tags-view__tab--active');
    const box = strip.current;
    if (!el || !box) return;
    if (el.offsetLeft < box.scrollLeft) box.scrollLeft = el.offsetLeft - SCROLL_PADDING;
    else if (el.offsetLeft + el.offsetWidth > box.scrollLeft + box.clientWidth)
      box.scrollLeft = el.offsetLeft + el.offsetWidth - box.clientWidth + SCROLL_PADDING;
    measure();
    // Again once the scroll arrows come or go: they narrow or widen the strip.
  }, [active, tabs.length, measure, overflowing]);
  // Each tab's context menu acts on that tab; an affixed tab cannot be closed.
  const menus = useMemo(() => {
    const items = (affix: boolean): MenuProps['items'] => [
      { key: 'refresh', label: t('tabs.refresh') },
      { key: 'close', label: t('tabs.close'), disabled: affix },
      { key: 'others', label: t('tabs.closeOthers') },
      { key: 'all', label: t('tabs.closeAll') },
    ];
    return { affixed: items(true), closable: items(false) };
  }, [t]);
  const act = (tab: Tab, key: string) => {
    if (key === 'refresh') {
      tabsStore.refresh(tab.key);
      if (tab.key !== active) navigate(tab.fullPath);
    } else if (key === 'close') close(tab);
    else if (key === 'others') {
      tabsStore.closeOthers(tab.key);
      navigate(tab.fullPath);
    } else if (key === 'all') go(tabsStore.closeAll());
  };
  // The tabs get handlers that stay the same object, calling the latest of these (which read the active tab).
  const latest = useRef<TabActions>({ open: () => undefined, close: () => undefined, act: () => undefined });
  useLayoutEffect(() => {
    latest.current = { open: (tab) => navigate(tab.fullPath), close, act };
  });
  const actions = useMemo<TabActions>(
    () => ({
      open: (tab) => latest.current.open(tab),
      close: (tab) => latest.current.close(tab),
      act: (tab, key) => latest.current.act(tab, key),
    }),
    [],
  );

  return (
    <nav className={overflowing ? 'tags-view tags-view--overflow' : 'tags-view'} aria-label={t('tabs.label')}>
      {overflowing && (
        <Button
          type="text"
          size="small"
          className="tags-view__arrow"
          icon={<LeftOutlined />}
          disabled={!edges.left}
          onClick={() => scrollBy(-1)}
          aria-label={t('tabs.scrollLeft')}
          data-testid="tabs-left"
        />
      )}
      {/* A list of pages, each a button that opens it and one that closes it: two siblings, since a
          control inside another cannot be reached by assistive technology (axe: nested-interactive). */}
      <ul className="tags-view__strip" ref={strip} onWheel={onWheel} onScroll={measure}>
        {tabs.map((tab) => {
          const title = titleOf(tab);
          return (
            <TabItem
              key={tab.key}
              tab={tab}
              active={tab.key === active}
              title={title}
              closeLabel={t('tabs.closeNamed', { title })}
              menu={tab.affix ? menus.affixed : menus.closable}
              actions={actions}
            />
          );
        })}
      </ul>
      {overflowing && (
        <>
          <Button
            type="text"
            size="small"
            className="tags-view__arrow"
            icon={<RightOutlined />}
            disabled={!edges.right}
            onClick={() => scrollBy(1)}
            aria-label={t('tabs.scrollRight')}
            data-testid="tabs-right"
          />
          <Dropdown
            trigger={['click']}
            placement="bottomRight"
            menu={{
              selectable: true,
              selectedKeys: [active ?? ''],
              items: tabs.map((tab) => ({ key: tab.key, label: titleOf(tab) })),
              onClick: ({ key }) => {
                const tab = tabs.find((x) => x.key === key);
                if (tab) navigate(tab.fullPath);
              },
            }}
          >
            <Button
              type="text"
              size="small"
              className="tags-view__arrow"
              icon={<DownOutlined />}
              aria-label={t('tabs.all')}
              data-testid="tabs-all"
            />
          </Dropdown>
        </>
      )}
    </nav>
  );
}
