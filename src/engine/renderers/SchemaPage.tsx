import { Suspense, useMemo } from 'react';
import { Button, Result, Skeleton, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../routes/registry';
import type { ApiError } from '../../client/envelope';
import type { PageBundle } from '../data/pageApi';
import { useLocation } from 'react-router-dom';
import { pageViewOf, type PageView } from '../routes/pageView';
import { usePageSchema } from '../controllers/usePageSchema';
import { listParamsFor, preloadList } from '../controllers/listQuery';
import { DashboardPage, DetailPage, FormPage, ListPage, ReportPage, SettingsPage, TabsPage } from './views';
import type { PreloadableComponent } from '../../utils/lazyComponent';
import { useLoadedComponent } from '../../utils/useLoadedComponent';
import './renderers.css';

const VIEWS: Record<PageView, PreloadableComponent<never>> = {
  report: ReportPage,
  settings: SettingsPage,
  tabs: TabsPage,
  dashboard: DashboardPage,
  create: FormPage,
  edit: FormPage,
  detail: DetailPage,
  list: ListPage,
} as Record<PageView, PreloadableComponent<never>>;

/** Every schema page: loads the schema, then renders the view its kind and the route ask for. */
export default function SchemaPage({ pageId, view, params, basePath }: PageProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  // A list's rows are asked for as soon as its schema is in, not after the list view has rendered.
  const {
    data: bundle,
    error,
    mutate,
  } = usePageSchema(pageId!, ({ page }) => {
    if (pageViewOf(page, view, params) === 'list') void preloadList(page, listParamsFor(page, search)).catch(() => undefined);
  });
  const shown = bundle ? pageViewOf(bundle.page, view, params) : null;
  // The view's code is waited for here, not by suspending, so the page shows the moment it is in.
  const codeIn = useLoadedComponent(shown ? VIEWS[shown] : null);
  // Kept while the schema, the view and the route stay: a kept page re-rendered here (the location
  // context reaches it at every navigation, and SWR may hand it a new snapshot of the same schema)
  // would otherwise render its view again to the last table cell. The views read the rest themselves.
  const content = useMemo(() => (bundle && shown ? renderView(shown, bundle, params, basePath) : null), [shown, bundle, params, basePath]);
  if (error) {
    const err = error as ApiError;
    return (
      <Result
        status={err.httpStatus === 403 ? '403' : 'error'}
        title={t('engine.schemaFailed')}
        subTitle={err.message}
        extra={<Button onClick={() => void mutate()}>{t('engine.retry')}</Button>}
      />
    );
  }
  const loading = (
    <Card>
      <Skeleton active paragraph={{ rows: 6 }} />
    </Card>
  );
  if (!bundle || !shown || !codeIn) return loading;
  return <Suspense fallback={loading}>{content}</Suspense>;
}

function renderView(shown: PageView, bundle: PageBundle, params: Record<string, string>, basePath: string) {
  switch (shown) {
    case 'report':
      return <ReportPage bundle={bundle} />;
    case 'settings':
      return <SettingsPage bundle={bundle} />;
    case 'tabs':
      return <TabsPage bundle={bundle} />;
    case 'dashboard':
      return <DashboardPage bundle={bundle} />;
    case 'create':
      return <FormPage bundle={bundle} basePath={basePath} />;
    case 'edit':
      return <FormPage bundle={bundle} basePath={basePath} id={params.id} />;
    case 'detail':
      return <DetailPage bundle={bundle} basePath={basePath} id={params.id} />;
    default:
      return <ListPage bundle={bundle} basePath={basePath} />;
  }
}
