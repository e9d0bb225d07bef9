import { useCallback } from 'react';
import { Button, Card, Empty, Skeleton, Space, Tabs } from 'antd';
import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PageSchema, Relation } from '../../shared/schema/types';
import type { PageBundle, Rec } from '../data/pageApi';
import { usePageSchema } from '../controllers/usePageSchema';
import { useRelatedList } from '../controllers/useRelatedList';
import { useViewNotifier } from './useViewNotifier';
import { useColumns } from './useColumns';
import { DataTable } from './table/DataTable';
import { TablePager } from './table/TablePager';
import { FilterBar } from './FilterBar';
import { RowActions } from './RowActions';
import { RelatedSummary } from './RelatedSummary';
import { ChainView } from './ChainView';
import { RelatedTrack } from './track/RelatedTrack';

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
  const related = useRelatedList(bundle, relation, parentKey, useViewNotifier());
  const { state, open, remove, reachable } = related;
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
        actions={reachable ? actions : []}
        onOpen={(v) => open(v, r)}
        onDelete={() => void remove(r)}
        onTransition={() => undefined}
        onAction={() => undefined}
      />
    ),
    [page, actions, reachable, open, remove],
  );
  const columns = useColumns(page, null, [relation.field], rowActions);
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid={`related-${relation.name}`}>
      <FilterBar page={page} filters={state.filters} q={state.q} locked={[relation.field]} onSearch={related.search} />
      <Space wrap>
        {related.canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={related.create}>
            {t('engine.list.create')}
          </Button>
        )}
        {reachable && (
          <Button icon={<UnorderedListOutlined />} onClick={related.openList}>
            {t('engine.related.open')}
          </Button>
        )}
      </Space>
      <DataTable<Rec>
        size="small"
        columns={columns}
        rows={related.rows}
        loading={related.loading}
        empty={<Empty description={t('engine.list.empty')} />}
        pagination={<TablePager page={state.page} size={state.size} total={related.total} onChange={related.turn} />}
      />
    </Space>
  );
}
