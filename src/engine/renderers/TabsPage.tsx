import { useMemo } from 'react';
import { Card, Empty, Tabs } from 'antd';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PageBundle } from '../data/pageApi';
import { useSession } from '../session/store';
import { flattenRoutes } from '../routes/buildRoutes';
import { parseComponentPath } from '../../shared/routes/componentPath';
import SchemaPage from './SchemaPage';

/** The query parameter that names the open tab, so a reload or a shared link opens it again. */
const TAB_PARAM = 'tab';

/**
 * Other pages' views as tabs. The server names only the tabs the user may read; each tab renders
 * the first time it is opened (antd renders inactive panes lazily) and keeps its own list state in
 * the address while it is open. A tab's add, edit and detail links go to that page's own route.
 */
export function TabsPage({ bundle }: { bundle: PageBundle }) {
  const { page } = bundle;
  const { t } = useTranslation();
  const { routes } = useSession();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const tabs = useMemo(() => page.tabs ?? [], [page]);
  const ownRoutes = useMemo(() => {
    const byPage = new Map<string, string>();
    for (const r of flattenRoutes(routes)) {
      const parsed = r.component ? parseComponentPath(r.component) : null;
      if (parsed?.view === 'index' && !byPage.has(parsed.pageId)) byPage.set(parsed.pageId, r.path);
    }
    return byPage;
  }, [routes]);
  if (!tabs.length)
    return (
      <Card>
        <Empty description={t('engine.tabs.none')} />
      </Card>
    );
  const asked = params.get(TAB_PARAM);
  const active = tabs.some((tab) => tab.page === asked) ? asked! : tabs[0].page;
  return (
    <Card className="tabs-page" title={t(page.title)} size="small">
      <Tabs
        activeKey={active}
        destroyOnHidden
        // A tab's filters belong to that tab: switching starts the next one from its defaults.
        onChange={(key) => setParams(new URLSearchParams({ [TAB_PARAM]: key }), { replace: false })}
        items={tabs.map((tab) => ({
          key: tab.page,
          label: <span data-testid={`tab-${tab.page}`}>{t(tab.title ?? tab.page)}</span>,
          children: <SchemaPage pageId={tab.page} view="index" params={{}} basePath={ownRoutes.get(tab.page) ?? pathname} />,
        }))}
      />
    </Card>
  );
}
