import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomAction, PageSchema } from '../../shared/schema/types';
import { can } from '../data/pageApi';
import { opsApi } from '../data/opsApi';
import type { ListNotifier } from './useListCommands';

const allowed = (actions: string[], a: CustomAction) => can(actions, `action:${a.name}`) || can(actions, 'update');

/** The dialog an operation opens: a custom action's fields, or import. */
export type OperationDialog = { act: CustomAction; bulk: boolean } | 'import' | null;

/**
 * The list's operations beyond create and export: custom actions on the whole list and on the
 * selected rows (declared in the schema with `level`), and import. An action with fields opens its
 * dialog first; then the server's answer goes to the notifier and the list is told it changed.
 */
export function useListOperations(page: PageSchema, actions: string[], selected: number[], notify: ListNotifier, onChanged: () => void) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<OperationDialog>(null);
  const named = (names: string[] | undefined, level: 'list' | 'bulk') =>
    (page.actions ?? []).filter((a) => a.level === level && (names ?? []).includes(a.name) && allowed(actions, a));

  const run = useCallback(
    async (act: CustomAction, bulk: boolean, body: Record<string, unknown>) => {
      const answer = bulk ? await opsApi.bulkAction(page.id, act.name, selected, body) : await opsApi.listAction(page.id, act.name, body);
      notify.actionResult(answer);
      onChanged();
    },
    [page.id, selected, notify, onChanged],
  );
  /** A click on an action's button (after its confirmation, where it asks one). */
  const start = (act: CustomAction, bulk: boolean) => {
    if (Object.keys(act.fields ?? {}).length) setDialog({ act, bulk });
    else void run(act, bulk, {}).catch((e: Error) => notify.error(e.message));
  };
  return {
    listActions: named(page.list?.actions, 'list'),
    // The bulk actions the caller may run are the list controller's too (they enable the selection).
    bulkActions: named(page.list?.bulkActions, 'bulk'),
    canImport: (page.list?.actions ?? []).includes('import') && can(actions, 'create') && page.kind === 'crud',
    dialog,
    start,
    openImport: () => setDialog('import'),
    close: () => setDialog(null),
    /** Sends the open action dialog's fields; a refusal is thrown back to the dialog. */
    submit: (body: Record<string, unknown>) => (dialog && dialog !== 'import' ? run(dialog.act, dialog.bulk, body) : Promise.resolve()),
    imported: (count: number) => {
      notify.success(t('ops.import.done', { count }));
      onChanged();
    },
  };
}
