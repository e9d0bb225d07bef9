import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import type { CustomAction, Relation, Transition } from '../../shared/schema/types';
import { TODO_COUNT_KEY } from '../../shared/routes/todoCounters';
import { pageApi, type PageBundle, type Rec } from '../data/pageApi';
import { useSession } from '../session/store';
import { listPaths } from '../routes/pagePaths';
import type { ListController } from './useListController';
import type { ViewNotifier } from './viewNotifier';

/** The list's notifier also shows what a custom action answered (a file, a summary, per-row results). */
export interface ListNotifier extends ViewNotifier {
  actionResult(answer: unknown): void;
}

/** The dialog a row's transition or custom action opens for its fields or confirmation. */
export type ListDialog = { kind: 'transition'; tr: Transition; record: Rec } | { kind: 'action'; act: CustomAction; record: Rec } | null;

/**
 * What a list's rows and toolbar do besides listing: opening a record, a new one or a related
 * list, deleting with its outcome told, exporting, and a row's transition or custom action through
 * its dialog. A list opened from a parent row stays locked to it, and so do the views it opens.
 */
export function useListCommands(bundle: PageBundle, list: ListController, basePath: string, notify: ListNotifier) {
  const { page } = bundle;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate: revalidate } = useSWRConfig();
  const { state, reload } = list;
  const lockQuery = state.parent ? `?${new URLSearchParams(state.parent)}` : '';
  const pagePaths = useSession().routes;
  const paths = useMemo(() => listPaths(pagePaths), [pagePaths]);
  const [dialog, setDialog] = useState<ListDialog>(null);

  const openRelation = useCallback(
    (rel: Relation, r: Rec) => {
      const path = paths.get(rel.page);
      const key = r[page.resource?.key ?? 'id'];
      if (path) navigate(`${path}?${new URLSearchParams({ parent: String(key), parentField: rel.field })}`);
    },
    [paths, navigate, page.resource?.key],
  );
  const open = useCallback(
    (view: 'detail' | 'edit', r: Rec) => navigate(`${basePath}/${view}/${r.id}${lockQuery}`),
    [navigate, basePath, lockQuery],
  );
  const create = useCallback(() => navigate(`${basePath}/add${lockQuery}`), [navigate, basePath, lockQuery]);

  const { remove: removeRecord, bulkDelete: deleteSelected, exportAs: exportRows } = list;
  const remove = useCallback(
    async (r: Rec) => {
      try {
        await removeRecord(r);
        notify.success(t('engine.list.deleted'));
      } catch (e) {
        // A refusal (409: in use, built in, in a state that keeps it) is the server's message, not a fault.
        notify.error((e as Error).message);
      }
    },
    [removeRecord, notify, t],
  );
  const bulkDelete = useCallback(async () => {
    try {
      const deleted = await deleteSelected();
      notify.success(t('engine.list.bulkDeleted', { count: deleted }));
    } catch (e) {
      notify.error((e as Error).message);
    }
  }, [deleteSelected, notify, t]);
  const exportAs = useCallback(
    async (format: 'csv' | 'xlsx') => {
      try {
        await exportRows(format);
      } catch {
        notify.error(t('engine.list.exportFailed'));
      }
    },
    [exportRows, notify, t],
  );

  /** Sends the open dialog's fields; a refusal is thrown back to the dialog, which shows it on its fields. */
  const submitDialog = useCallback(
    async (body: Record<string, unknown>) => {
      if (dialog?.kind === 'transition') {
        await pageApi.transition(page.id, dialog.record.id, dialog.tr.name, { ...body, version: dialog.record.version });
        notify.success(t('engine.list.done'));
        reload();
        // A state change may move a record out of a to-do queue: the counters follow at once.
        void revalidate(TODO_COUNT_KEY);
      } else if (dialog?.kind === 'action') {
        notify.actionResult(await pageApi.action(page.id, dialog.record.id, dialog.act.name, body));
        reload();
      }
    },
    [dialog, page.id, notify, t, reload, revalidate],
  );

  return {
    open,
    create,
    openRelation,
    remove,
    bulkDelete,
    exportAs,
    dialog,
    openTransition: (tr: Transition, record: Rec) => setDialog({ kind: 'transition', tr, record }),
    openAction: (act: CustomAction, record: Rec) => setDialog({ kind: 'action', act, record }),
    closeDialog: () => setDialog(null),
    submitDialog,
  };
}

export type ListCommands = ReturnType<typeof useListCommands>;
