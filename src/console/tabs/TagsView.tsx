import { useCallback, useEffect, useRef, useState, type RefObject, type WheelEvent } from 'react';
import { Button, Dropdown, type MenuProps } from 'antd';
import { CloseOutlined, DownOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasUnsavedChanges } from '../../engine/renderers/useUnsavedGuard';
import { tabsStore, useTabs, type Tab } from './tabsStore';
import { useTabTitle } from './KeepAlive';

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
    if (el) el.scrollBy({ left: direction * Math.max(120, el.clientWidth * 0.6), behavior: 'smooth' });
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
  // Each tab's context menu acts on that tab.
  const itemsFor = (tab: Tab): MenuProps['items'] => [
    { key: 'refresh', label: t('tabs.refresh') },
    { key: 'close', label: t('tabs.close'), disabled: tab.affix },
    { key: 'others', label: t('tabs.closeOthers') },
    { key: 'all', label: t('tabs.closeAll') },
  ];
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
        {tabs.map((tab) => (
          <Dropdown key={tab.key} trigger={['contextMenu']} menu={{ items: itemsFor(tab), onClick: ({ key }) => act(tab, key) }}>
            <li
              data-testid="tab"
              className={tab.key === active ? 'tags-view__tab tags-view__tab--active' : 'tags-view__tab'}
              onClick={() => navigate(tab.fullPath)}
              onAuxClick={(e) => {
                if (e.button === 1 && !tab.affix) close(tab);
              }}
            >
              <button
                type="button"
                className="tags-view__title"
                aria-current={tab.key === active ? 'page' : undefined}
                onClick={(e) => {
                  e.stopPropagation();
                  navigate(tab.fullPath);
                }}
                onKeyDown={(e) => {
                  if ((e.key === 'Delete' || e.key === 'Backspace') && !tab.affix) close(tab);
                }}
              >
                {titleOf(tab)}
              </button>
              {!tab.affix && (
                <button
                  type="button"
                  className="tags-view__close"
                  aria-label={t('tabs.closeNamed', { title: titleOf(tab) })}
                  onClick={(e) => {
                    e.stopPropagation();
                    close(tab);
                  }}
                >
                  <CloseOutlined />
                </button>
              )}
            </li>
          </Dropdown>
        ))}
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
