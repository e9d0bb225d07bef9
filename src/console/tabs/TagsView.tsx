import { useRef, type WheelEvent } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasUnsavedChanges } from '../../engine/renderers/useUnsavedGuard';
import { tabsStore, useTabs, type Tab } from './tabsStore';

/** Spec §9: wheel scrolling of the tab strip is divided by 4. */
const WHEEL_DIVISOR = 4;

/** The strip of open pages (spec §2.6, §4): affixed tabs stay, a context menu refreshes and closes. */
export function TagsView() {
  const { tabs, active } = useTabs();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const strip = useRef<HTMLDivElement>(null);

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
    <nav className="tags-view" aria-label={t('tabs.label')}>
      <div className="tags-view__strip" ref={strip} onWheel={onWheel} role="tablist">
        {tabs.map((tab) => (
          <Dropdown key={tab.key} trigger={['contextMenu']} menu={{ items: itemsFor(tab), onClick: ({ key }) => act(tab, key) }}>
            <div role="tab" aria-selected={tab.key === active} tabIndex={0} data-testid="tab"
              className={tab.key === active ? 'tags-view__tab tags-view__tab--active' : 'tags-view__tab'}
              onClick={() => navigate(tab.fullPath)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') navigate(tab.fullPath);
                if ((e.key === 'Delete' || e.key === 'Backspace') && !tab.affix) close(tab);
              }}
              onAuxClick={(e) => { if (e.button === 1 && !tab.affix) close(tab); }}>
              <span className="tags-view__title">{tab.title}</span>
              {!tab.affix && (
                <button type="button" className="tags-view__close" aria-label={t('tabs.closeNamed', { title: tab.title })}
                  onClick={(e) => { e.stopPropagation(); close(tab); }}>
                  <CloseOutlined />
                </button>
              )}
            </div>
          </Dropdown>
        ))}
      </div>
    </nav>
  );
}
