import { useCallback, useMemo, useState } from 'react';
import { App, Button, Card, Skeleton, Space, Table, Tabs } from 'antd';
import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { PageSchema, Relation } from '../../shared/schema/types';
import { can, pageApi, type PageBundle, type Rec } from '../data/pageApi';
import { usePagePath } from '../routes/pagePaths';
import { PAGE_SIZE_OPTIONS } from '../../shared/schema/paging';
import { usePageSchema } from './usePageSchema';
import { listKey, withLogWindow } from '../controllers/listQuery';
import { scrollWidth, useColumns } from './useColumns';
import { FilterBar } from './FilterBar';
import { RowActions } from './RowActions';
import { RelatedSummary } from './RelatedSummary';
import { ChainView } from './ChainView';
import { RelatedTrack } from './track/RelatedTrack';

const SIZE = 10;

/** The records of other pages that belong to this record, one tab per relation the caller may read. */
export function RelatedTabs({ page, record }: { page: PageSchema; record: Rec }) {
  const { t } = useTranslation();
  const relations = page.relations ?? [];
  const groups = page.relationGroups ?? [];
  const chains = page.chains ?? [];
  if (!relations.length && !groups.length && !chains.length) return null;
  const key = String(record[page.resource?.key ?? 'id'] ?? '');
  // A chain is the record's whole story, and a group summarises many child pages in one tab, so they come first.
  const items = [
    ...chains.map((c) => ({ key: c.name, label: t(c.title), children: <ChainView pageId={page.id} recordId={record.id} chain={c} /> })),
    ...groups.map((g) => ({
      key: g.name,
      label: t(g.title),
      children: <RelatedSummary pageId={page.id} recordId={record.id} parentKey={key} group={g} />,
    })),
    ...relations.map((r) => ({ key: r.name, label: t(r.title ?? r.name), children: <RelatedList relation={r} parentKey={key} /> })),
  ];
  return (
    <Card title={t('engine.related.tabs')} className="related-tabs">
      <Tabs destroyOnHidden items={items} />
    </Card>
  );
}

function RelatedList({ relation, parentKey }: { relation: Relation; parentKey: string }) {
  const { data: bundle } = usePageSchema(relation.page);
  if (!bundle) return <Skeleton active paragraph={{ rows: 4 }} />;
  const table = <RelatedTable bundle={bundle} relation={relation} parentKey={parentKey} />;
  const { track } = relation;
  if (relation.view === 'track' && track)
    return (
      <RelatedTrack bundle={bundle} relation={{ ...relation, track }} parentKey={parentKey}>
        {table}
      </RelatedTrack>
    );
  return table;
}

/** A child list locked to its parent: its own paging, filters and row actions; its views keep the lock. */
function RelatedTable({ bundle, relation, parentKey }: { bundle: PageBundle; relation: Relation; parentKey: string }) {
  const { page, actions } = bundle;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const path = usePagePath(page.id);
  const [state, setState] = useState({ page: 1, size: SIZE, filters: {} as Record<string, string>, q: '' });
  const lock = useMemo(() => ({ parent: parentKey, parentField: relation.field }), [parentKey, relation.field]);
  const lockQuery = `?${new URLSearchParams(lock)}`;
  const params = useMemo(
    () =>
      withLogWindow(page, {
        page: String(state.page),
        size: String(state.size),
        ...state.filters,
        ...(state.q ? { q: state.q } : {}),
        ...lock,
      }),
    [page, state, lock],
  );
  const { data, isLoading, mutate } = useSWR(listKey(page.id, params), () => pageApi.list(page.id, params), { keepPreviousData: true });
  const remove = useCallback(
    async (r: Rec) => {
      try {
        await pageApi.remove(page.id, r.id);
        void message.success(t('engine.list.deleted'));
      } catch (e) {
        // A refusal (409: in use, built in) is the server's message, not a fault.
        void message.error((e as Error).message);
      }
      void mutate();
    },
    [page.id, message, t, mutate],
  );
  const rowActions = useCallback(
    (r: Rec) => (
      <RowActions
        page={{
          ...page,
          list: {
            ...page.list!,
            rowActions: (page.list?.rowActions ?? ['detail']).filter((a) => ['detail', 'edit', 'delete'].includes(a)),
          },
        }}
        record={r}
        actions={path ? actions : []}
        onOpen={(v) => path && navigate(`${path}/${v}/${r.id}${lockQuery}`)}
        onDelete={() => void remove(r)}
        onTransition={() => undefined}
        onAction={() => undefined}
      />
    ),
    [page, actions, path, navigate, lockQuery, remove],
  );
  const columns = useColumns(page, null, [relation.field], rowActions);
  const canCreate = page.kind === 'crud' && (page.list?.actions ?? []).includes('create') && can(actions, 'create') && path;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid={`related-${relation.name}`}>
      <FilterBar
        page={page}
        filters={state.filters}
        q={state.q}
        locked={[relation.field]}
        onSearch={(filters, q) => setState((s) => ({ ...s, filters, q, page: 1 }))}
      />
      <Space wrap>
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${path}/add${lockQuery}`)}>
            {t('engine.list.create')}
          </Button>
        )}
        {path && (
          <Button icon={<UnorderedListOutlined />} onClick={() => navigate(`${path}${lockQuery}`)}>
            {t('engine.related.open')}
          </Button>
        )}
      </Space>
      <Table<Rec>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isLoading}
        scroll={{ x: scrollWidth(columns, false) }}
        onChange={(p) => setState((s) => ({ ...s, page: p.current ?? 1, size: p.pageSize ?? s.size }))}
        pagination={{
          current: state.page,
          pageSize: state.size,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showTotal: (total) => t('engine.list.total', { total }),
        }}
      />
    </Space>
  );
}
