import { useRef, useState, type WheelEvent } from 'react';
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
  const [menuFor, setMenuFor] = useState<Tab | null>(null);

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
  const items: MenuProps['items'] = [
    { key: 'refresh', label: t('tabs.refresh') },
    { key: 'close', label: t('tabs.close'), disabled: menuFor?.affix },
    { key: 'others', label: t('tabs.closeOthers') },
    { key: 'all', label: t('tabs.closeAll') },
  ];
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (!menuFor) return;
    if (key === 'refresh') {
      tabsStore.refresh(menuFor.key);
      if (menuFor.key !== active) navigate(menuFor.fullPath);
    } else if (key === 'close') close(menuFor);
    else if (key === 'others') {
      tabsStore.closeOthers(menuFor.key);
      navigate(menuFor.fullPath);
    } else if (key === 'all') go(tabsStore.closeAll());
  };

  return (
    <nav className="tags-view" aria-label={t('tabs.label')}>
      <div className="tags-view__strip" ref={strip} onWheel={onWheel} role="tablist">
        {tabs.map((tab) => (
          <Dropdown key={tab.key} trigger={['contextMenu']} menu={{ items, onClick: onMenu }} onOpenChange={(open) => open && setMenuFor(tab)}>
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
