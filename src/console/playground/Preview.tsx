import { Component, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Empty, Skeleton, Tabs } from 'antd';
import { createForm } from '@formily/core';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { PageBundle } from '../../engine/data/pageApi';
import { pageApi } from '../../engine/data/pageApi';
import { defaultValues } from '../../engine/schema/formValues';
import { DetailPage, ListPage } from '../../engine/renderers/views';
import { SchemaForm } from '../../engine/renderers/SchemaForm';
import type { PageSchema } from '../../shared/schema/types';

const BASE = '/systemManage/schemaPlayground';

/** A view that throws while an edited schema is half right shows the error in its place, not a blank console. */
class ViewBoundary extends Component<{ children: ReactNode; resetKey: unknown }, { error: Error | null; key: unknown }> {
  state = { error: null as Error | null, key: undefined as unknown };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  static getDerivedStateFromProps(props: { resetKey: unknown }, state: { key: unknown }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }
  render() {
    return this.state.error ? <Alert type="error" showIcon message={this.state.error.message} /> : this.props.children;
  }
}

/** The form as the engine draws it; validating it writes nothing. */
function FormPreview({ page }: { page: PageSchema }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const form = useMemo(() => createForm({ initialValues: defaultValues(page.model?.properties ?? {}) }), [page]);
  if (!page.model) return <Empty />;
  return (
    <Card size="small">
      <SchemaForm form={form} page={page} mode="create" />
      <Button
        onClick={() =>
          void form.validate().then(
            () => message.success(t('playground.form.valid')),
            () => undefined,
          )
        }
        data-testid="playground-validate"
      >
        {t('playground.form.validate')}
      </Button>
    </Card>
  );
}

/** The detail of the first row the caller may read, drawn with the edited schema. */
function DetailPreview({ bundle }: { bundle: PageBundle }) {
  const { t } = useTranslation();
  const { data, isLoading } = useSWR(['playground-first-row', bundle.page.id], () =>
    pageApi.list(bundle.page.id, { page: '1', size: '1' }),
  );
  if (isLoading) return <Skeleton active />;
  const first = data?.list[0];
  if (!first) return <Empty description={t('playground.noRows')} />;
  return <DetailPage bundle={bundle} basePath={BASE} id={String(first.id)} />;
}

interface Props {
  page: PageSchema;
  messages: Record<string, string>;
  /** The page has a table on the server (it is saved): its rows can be shown. */
  saved: boolean;
}

/**
 * The list, form and detail of the edited schema, rendered by the engine itself. The caller's rights
 * are narrowed to reading, so no button of the preview writes; rows come from the page as saved.
 */
export function Preview({ page, messages, saved }: Props) {
  const { t, i18n } = useTranslation();
  const [tab, setTab] = useState('list');
  const bundle = useMemo<PageBundle>(() => {
    i18n.addResources(i18n.language, 'translation', messages);
    return { page, messages, actions: ['read'] };
  }, [page, messages, i18n]);
  const rows = (view: ReactNode) => (saved ? view : <Alert type="info" showIcon message={t('playground.notSaved')} />);
  const items = [
    { key: 'list', label: t('playground.tabs.list'), children: rows(<ListPage bundle={bundle} basePath={BASE} />) },
    { key: 'form', label: t('playground.tabs.form'), children: <FormPreview page={page} /> },
    { key: 'detail', label: t('playground.tabs.detail'), children: rows(<DetailPreview bundle={bundle} />) },
  ];
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={items.map((it) => ({
        ...it,
        children: (
          <ViewBoundary resetKey={page}>
            <Suspense fallback={<Skeleton active />}>{it.children}</Suspense>
          </ViewBoundary>
        ),
      }))}
    />
  );
}
