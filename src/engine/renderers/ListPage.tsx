import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Empty, Result, Space, Table } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import type { CustomAction, Transition } from '../schema/types';
import { recordFields } from '../schema/model';
import { can, pageApi, type ListAnswer, type PageBundle, type Rec } from '../data/pageApi';
import { fetchOnce, peekPrefetched, prefetch } from '../data/prefetch';
import { sortRecords } from '../data/sortRecords';
import { PAGE_SIZE_OPTIONS } from '../schema/paging';
import { useListUrlState } from './listUrlState';
import { isComplete, listKey, listPrefetchKey, onlySortChanged, withLogWindow } from './listQuery';
import { useListPrefs } from './useListPrefs';
import { useColumns } from './useColumns';
import { FilterBar } from './FilterBar';
import { ListToolbar } from './ListToolbar';
import { RowActions } from './RowActions';
import { totalsSummary } from './TotalsRow';
import { TODO_COUNT_KEY } from '../routes/todoCounters';
// The dialogs hold Formily forms: loaded when one opens.
const FragmentDialog = lazy(() => import('./FragmentDialog').then((m) => ({ default: m.FragmentDialog })));

/** Rows above which the table renders only what is on screen. */
const VIRTUAL_FROM = 100;



type Dialog = { kind: 'transition'; tr: Transition; record: Rec } | { kind: 'action'; act: CustomAction; record: Rec } | null;

export function ListPage({ bundle, basePath }: { bundle: PageBundle; basePath: string }) {
  const { page, actions } = bundle;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const allowed = useMemo(() => recordFields(page), [page]);
  // The cache in use is the console's (per user), so revalidation goes through its config.
  const { mutate: revalidate } = useSWRConfig();
  // A sort, page or filter change asks for its rows at once, and they go into the cache under the
  // key the list will read, so the change and its rows show in one render (listUrlState.ts). When
  // the list holds every matching row, a sort is done here at once; the server's answer follows.
  const shown = useRef<{ answer: ListAnswer; params: Record<string, string> } | undefined>(undefined);
  const fetchAhead = useCallback((next: Record<string, string>) => {
    const p = withLogWindow(page, next);
    const key = listKey(page.id, p);
    const held = shown.current;
    if (held && next.sort && isComplete(held.answer) && onlySortChanged(held.params, p)) {
      return revalidate(key, { ...held.answer, list: sortRecords(held.answer.list, next.sort) }, { revalidate: false });
    }
    return prefetch(listPrefetchKey(page.id, p), () => pageApi.list(page.id, p)).then((rows) => revalidate(key, rows, { revalidate: false }));
  }, [page, revalidate]);
  const { state, update, apiParams } = useListUrlState(page.list?.pageSize ?? 20, allowed, fetchAhead);
  const [prefs, setPrefs] = useListPrefs(page.id);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [exporting, setExporting] = useState(false);

  const params = useMemo(() => withLogWindow(page, apiParams), [apiParams, page]);
  const key = listKey(page.id, params);
  const prefetched = listPrefetchKey(page.id, params);
  // Rows asked for when the navigation began may be here before the first render.
  const arrived = peekPrefetched<ListAnswer>(prefetched);
  const { data, error, isLoading, mutate } = useSWR(key, () => fetchOnce(prefetched, () => pageApi.list(page.id, params)), {
    keepPreviousData: true,
    fallbackData: arrived,
  });
  // While a new key loads, keepPreviousData shows the old rows, which belong to the old parameters.
  const rowsCurrent = !isLoading || (arrived !== undefined && data === arrived);
  if (rowsCurrent) shown.current = data && { answer: data, params };

  const open = useCallback((view: 'detail' | 'edit', r: Rec) => navigate(`${basePath}/${view}/${r.id}`), [navigate, basePath]);
  const remove = useCallback(async (r: Rec) => {
    await pageApi.remove(page.id, r.id);
    void message.success(t('engine.list.deleted'));
    void mutate();
  }, [page.id, message, t, mutate]);
  const hasRowActions = (page.list?.rowActions ?? ['detail']).length > 0;
  const rowActions = useCallback((r: Rec) => (
    <RowActions page={page} record={r} actions={actions} onOpen={(v) => open(v, r)} onDelete={() => void remove(r)}
      onTransition={(tr) => setDialog({ kind: 'transition', tr, record: r })} onAction={(act) => setDialog({ kind: 'action', act, record: r })} />
  ), [page, actions, open, remove]);
  const columns = useColumns(page, state.sort, prefs.hidden, hasRowActions ? rowActions : null);

  const bulk = (page.list?.bulkActions ?? []).includes('delete') && can(actions, 'delete');
  const bulkDelete = async () => {
    const { deleted } = await pageApi.bulkDelete(page.id, selected);
    void message.success(t('engine.list.bulkDeleted', { count: deleted }));
    setSelected([]);
    void mutate();
  };
  const doExport = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      const { page: _p, size: _s, ...filters } = params;
      void _p;
      void _s;
      await pageApi.download(page.id, filters, format);
    } catch {
      void message.error(t('engine.list.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  if (error && !data) {
    return <Result status="error" title={t('engine.list.loadFailed')} subTitle={(error as Error).message} extra={<Button onClick={() => void mutate()}>{t('engine.retry')}</Button>} />;
  }
  const rows = data?.list ?? [];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small"><FilterBar page={page} filters={state.filters} q={state.q} onSearch={(filters, q) => update({ filters, q, page: 1 })} /></Card>
      <Card>
        <ListToolbar page={page} actions={actions} total={data?.total ?? null} capped={Boolean(data?.totalCapped)} prefs={prefs} setPrefs={setPrefs}
          onCreate={() => navigate(`${basePath}/add`)} onExport={(f) => void doExport(f)} onReload={() => void mutate()} exporting={exporting} />
        {state.todo && <Alert type="info" showIcon className="list-todo" message={t('engine.list.todoFilter')} action={<Button size="small" onClick={() => update({ todo: false, page: 1 })}>{t('engine.list.showAll')}</Button>} />}
        {bulk && selected.length > 0 && (
          <Alert className="list-bulk" type="warning" message={t('engine.list.selected', { count: selected.length })}
            action={<Space><Button size="small" danger onClick={() => void bulkDelete()}>{t('engine.list.deleteSelected')}</Button><Button size="small" onClick={() => setSelected([])}>{t('engine.list.clearSelection')}</Button></Space>} />
        )}
        <Table<Rec>
          rowKey="id"
          size={prefs.density}
          columns={columns}
          dataSource={rows}
          loading={!rowsCurrent}
          virtual={rows.length >= VIRTUAL_FROM}
          scroll={rows.length >= VIRTUAL_FROM ? { x: 'max-content', y: 600 } : { x: 'max-content' }}
          rowSelection={bulk ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined}
          summary={totalsSummary(page, columns, data?.totals, t, bulk ? 1 : 0)}
          locale={{ emptyText: <Empty description={Object.keys(state.filters).length || state.q ? t('engine.list.noMatch') : t('engine.list.empty')} /> }}
          onChange={(pagination, _filters, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const sort = s?.order ? `${s.order === 'descend' ? '-' : ''}${String(s.columnKey)}` : null;
            update({ page: pagination.current ?? 1, size: pagination.pageSize ?? state.size, sort });
          }}
          pagination={{
            current: state.page, pageSize: state.size, total: data?.total ?? 0, showSizeChanger: true, pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal: (total) => (data?.totalCapped ? t('engine.list.totalCapped', { total }) : t('engine.list.total', { total })),
          }}
        />
      </Card>
      <Suspense fallback={null}>
      {dialog?.kind === 'transition' && (
        <FragmentDialog page={page} title={t(dialog.tr.title)} danger={dialog.tr.danger}
          fields={Object.fromEntries((dialog.tr.form ?? []).map((f) => [f, page.model!.properties[f]]))} required={dialog.tr.required ?? []}
          onClose={() => setDialog(null)}
          onSubmit={async (body) => {
            await pageApi.transition(page.id, dialog.record.id, dialog.tr.name, { ...body, version: dialog.record.version });
            void message.success(t('engine.list.done'));
            void mutate();
            // A state change may move a record out of a to-do queue: the counters follow at once.
            void revalidate(TODO_COUNT_KEY);
          }} />
      )}
      {dialog?.kind === 'action' && (
        <FragmentDialog page={page} title={t(dialog.act.title)} confirm={dialog.act.confirm} danger={dialog.act.danger}
          fields={dialog.act.fields ?? {}} required={dialog.act.required ?? []} onClose={() => setDialog(null)}
          onSubmit={async (body) => {
            await pageApi.action(page.id, dialog.record.id, dialog.act.name, body);
            void message.success(t('engine.list.done'));
            void mutate();
          }} />
      )}
      </Suspense>
    </Space>
  );
}
