import { Suspense } from 'react';
import { Button, Result, Skeleton, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../routes/registry';
import type { ApiError } from '../data/envelope';
import { useLocation } from 'react-router-dom';
import { usePageSchema } from './usePageSchema';
import { prefetchListFor, showsList } from './listQuery';
import { DetailPage, FormPage, ListPage, ReportPage, SettingsPage } from './views';
import './renderers.css';

/** Every schema page: loads the schema, then renders the view its kind and the route ask for. */
export default function SchemaPage({ pageId, view, params, basePath }: PageProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  // A list's rows are asked for as soon as its schema is in, not after the list view has rendered.
  const { data: bundle, error, mutate } = usePageSchema(pageId!, (b) => {
    if (showsList(b.page, view, params)) prefetchListFor(b.page, search);
  });
  if (error) {
    const err = error as ApiError;
    return <Result status={err.httpStatus === 403 ? '403' : 'error'} title={t('engine.schemaFailed')} subTitle={err.message}
      extra={<Button onClick={() => void mutate()}>{t('engine.retry')}</Button>} />;
  }
  const loading = <Card><Skeleton active paragraph={{ rows: 6 }} /></Card>;
  if (!bundle) return loading;
  return <Suspense fallback={loading}>{viewOf(bundle, view, params, basePath)}</Suspense>;
}

function viewOf(bundle: NonNullable<ReturnType<typeof usePageSchema>['data']>, view: PageProps['view'], params: Record<string, string>, basePath: string) {
  const { page } = bundle;
  if (page.kind === 'report') return <ReportPage bundle={bundle} />;
  if (page.kind === 'settings' && view === 'index') return <SettingsPage bundle={bundle} />;
  if (view === 'add' && page.kind === 'crud') return <FormPage bundle={bundle} basePath={basePath} />;
  if (view === 'edit' && params.id && page.kind !== 'log') return <FormPage bundle={bundle} basePath={basePath} id={params.id} />;
  if (view === 'detail' && params.id) return <DetailPage bundle={bundle} basePath={basePath} id={params.id} />;
  return <ListPage bundle={bundle} basePath={basePath} />;
}
