import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import { Alert, App, Button, Card, Empty, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { can, type PageBundle, type Rec } from '../data/pageApi';
import { whenSettled } from '../../utils/whenIdle';
import { FormPage } from './views';
import { useListController } from '../controllers/useListController';
import { useListCommands, type ListNotifier } from '../controllers/useListCommands';
import { lockedParent } from '../controllers/lockedParent';
import { useListPrefs } from './useListPrefs';
import { useColumns } from './useColumns';
import { FilterBar } from './FilterBar';
import { ListToolbar } from './ListToolbar';
import { SortToggle } from './SortToggle';
import { RowActions } from './RowActions';
import { useListOperationViews } from './ListOperations';
import { showActionResult } from './ActionResult';
import { totalsCells } from './TotalsRow';
import { DataTable } from './table/DataTable';
import { TablePager } from './table/TablePager';
import { LockedBar } from './LockedBar';
import { useViewNotifier } from './useViewNotifier';
// The dialogs hold Formily forms: loaded when one opens.
const FragmentDialog = lazy(() => import('./FragmentDialog').then((m) => ({ default: m.FragmentDialog })));

/** Rows above which the table renders only what is on screen. */
const VIRTUAL_FROM = 100;

/** Under a big page's first screen: the rest of its rows are coming. */
function PartialRows({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation();
  return (
    <div className="list-partial" role="status">
      <Spin size="small" /> {t('engine.list.loadingRest', { shown, total })}
    </div>
  );
}

/** The list view: draws what useListController and useListCommands hold. */
export function ListPage({ bundle, basePath }: { bundle: PageBundle; basePath: string }) {
  const { page, actions } = bundle;
  const { t } = useTranslation();
  const app = App.useApp();
  const toasts = useViewNotifier();
  const notify = useMemo<ListNotifier>(
    () => ({ ...toasts, actionResult: (answer) => showActionResult(app, t, page, answer) }),
    [toasts, app, t, page],
  );
  const list = useListController(bundle);
  const commands = useListCommands(bundle, list, basePath, notify);
  const { state, update, rows, selection, reload } = list;
  // A row's place in the whole list, which names its selection box to a screen reader.
  const rowIndex = (r: Rec) => (state.page - 1) * state.size + rows.indexOf(r) + 1;
  // By the rows the page will hold, so a big page's first screen is already the virtual table its rows fill.
  const virtual = Math.min(state.size, list.total ?? rows.length) >= VIRTUAL_FROM;
  const [prefs, setPrefs] = useListPrefs(page.id);
  // The form is the view a list opens most: its code (Formily) is fetched once the list has settled.
  const mayEdit = page.kind === 'crud' && (can(actions, 'create') || can(actions, 'update'));
  useEffect(() => (mayEdit ? whenSettled(() => void FormPage.preload().catch(() => undefined)) : undefined), [mayEdit]);
  // A log's default window is shown in its range picker, not applied out of sight.
  const timeField = page.log?.timeField;
  const { params } = list;
  const shownFilters = useMemo(
    () =>
      timeField && params[timeField] && !state.filters[timeField] ? { ...state.filters, [timeField]: params[timeField] } : state.filters,
    [timeField, params, state.filters],
  );

  const parent = lockedParent(bundle.parents, state.parent);
  // Stable while the address is, so the filter form does not render again when the rows come.
  const lockedField = parent?.field;
  const lockedFields = useMemo(() => (lockedField ? [lockedField] : []), [lockedField]);
  const search = useCallback((filters: Record<string, string>, q: string) => update({ filters, q, page: 1 }), [update]);
  const { open, remove, openTransition, openAction, openRelation, dialog } = commands;
  const hasRowActions = (page.list?.rowActions ?? ['detail']).length > 0;
  const rowActions = useCallback(
    (r: Rec) => (
      <RowActions
        page={page}
        record={r}
        actions={actions}
        onOpen={(v) => open(v, r)}
        onDelete={() => void remove(r)}
        onTransition={(tr) => openTransition(tr, r)}
        onAction={(act) => openAction(act, r)}
        onRelation={(rel) => openRelation(rel, r)}
      />
    ),
    [page, actions, open, remove, openTransition, openAction, openRelation],
  );
  const columns = useColumns(page, state.sort, prefs.hidden, hasRowActions ? rowActions : null, list.sortBy);

  const ops = useListOperationViews(page, actions, selection.keys, notify, () => {
    selection.clear();
    reload();
  });
  if (list.error) {
    return (
      <Result
        status="error"
        title={t('engine.list.loadFailed')}
        subTitle={list.error.message}
        extra={<Button onClick={reload}>{t('engine.retry')}</Button>}
      />
    );
  }
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <LockedBar page={page} parent={parent} />
        <FilterBar page={page} filters={shownFilters} q={state.q} locked={lockedFields} onSearch={search} />
      </Card>
      <Card>
        <ListToolbar
          page={page}
          actions={actions}
          total={list.total}
          capped={list.capped}
          prefs={prefs}
          setPrefs={setPrefs}
          onCreate={commands.create}
          onExport={(f) => void commands.exportAs(f)}
          onReload={reload}
          exporting={list.exporting}
          extra={
            <>
              <SortToggle page={page} sort={state.sort} hidden={prefs.hidden} onSort={(sort) => update({ sort, page: 1 })} />
              {ops.toolbar}
            </>
          }
        />
        {state.todo && (
          <Alert
            type="info"
            showIcon
            className="list-todo"
            message={t('engine.list.todoFilter')}
            action={
              <Button size="small" onClick={() => update({ todo: false, page: 1 })}>
                {t('engine.list.showAll')}
              </Button>
            }
          />
        )}
        {selection.enabled && selection.keys.length > 0 && (
          <Alert
            className="list-bulk"
            type="warning"
            message={t('engine.list.selected', { count: selection.keys.length })}
            action={
              <Space wrap>
                {ops.bulkButtons}
                {selection.canDelete && (
                  <Button size="small" danger onClick={() => void commands.bulkDelete()}>
                    {t('engine.list.deleteSelected')}
                  </Button>
                )}
                <Button size="small" onClick={selection.clear}>
                  {t('engine.list.clearSelection')}
                </Button>
              </Space>
            }
          />
        )}
        <DataTable<Rec>
          size={prefs.density}
          columns={columns}
          rows={rows}
          loading={!list.rowsCurrent}
          virtualHeight={virtual ? 600 : undefined}
          selection={
            selection.enabled
              ? {
                  keys: selection.keys,
                  onChange: selection.set,
                  label: (r) => t('engine.list.selectRow', { row: rowIndex(r) }),
                  allLabel: t('engine.list.selectPage'),
                }
              : undefined
          }
          summary={totalsCells(page, columns, list.totals, t)}
          footer={list.partial ? <PartialRows shown={rows.length} total={Math.min(state.size, list.total ?? 0)} /> : undefined}
          empty={<Empty description={Object.keys(state.filters).length || state.q ? t('engine.list.noMatch') : t('engine.list.empty')} />}
          pagination={
            <TablePager
              page={state.page}
              size={state.size}
              total={list.total ?? 0}
              capped={list.capped}
              small={prefs.density !== 'large'}
              onChange={(current, size) => update({ page: current, size })}
            />
          }
        />
      </Card>
      <Suspense fallback={null}>
        {dialog?.kind === 'transition' && (
          <FragmentDialog
            page={page}
            title={t(dialog.tr.title)}
            danger={dialog.tr.danger}
            fields={Object.fromEntries((dialog.tr.form ?? []).map((f) => [f, page.model!.properties[f]]))}
            required={dialog.tr.required ?? []}
            onClose={commands.closeDialog}
            onSubmit={commands.submitDialog}
          />
        )}
        {dialog?.kind === 'action' && (
          <FragmentDialog
            page={page}
            title={t(dialog.act.title)}
            confirm={dialog.act.confirm}
            danger={dialog.act.danger}
            fields={dialog.act.fields ?? {}}
            required={dialog.act.required ?? []}
            onClose={commands.closeDialog}
            onSubmit={commands.submitDialog}
          />
        )}
      </Suspense>
      {ops.dialogs}
    </Space>
  );
}
