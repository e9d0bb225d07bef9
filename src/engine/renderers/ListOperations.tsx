import { lazy, Suspense, useState, type ReactNode } from 'react';
import { App, Button, Popconfirm } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CustomAction, PageSchema } from '../../shared/schema/types';
import { can } from '../data/pageApi';
import { opsApi } from '../data/opsApi';
import { showActionResult } from './ActionResult';

const FragmentDialog = lazy(() => import('./FragmentDialog').then((m) => ({ default: m.FragmentDialog })));
const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));

const allowed = (actions: string[], a: CustomAction) => can(actions, `action:${a.name}`) || can(actions, 'update');

/**
 * The list's operations beyond create and export: custom actions on the whole list and on the
 * selected rows (declared in the schema with `level`), and import. Each asks its dialog fields or
 * a confirmation first, then shows what the server answered.
 */
export function useListOperations(page: PageSchema, actions: string[], selected: number[], onChanged: () => void) {
  const { t } = useTranslation();
  const app = App.useApp();
  const [open, setOpen] = useState<{ act: CustomAction; bulk: boolean } | 'import' | null>(null);
  const named = (names: string[] | undefined, level: 'list' | 'bulk') =>
    (page.actions ?? []).filter((a) => a.level === level && (names ?? []).includes(a.name) && allowed(actions, a));
  const listActs = named(page.list?.actions, 'list');
  // The bulk actions the caller may run are the list controller's (they enable the selection).
  const bulkActs = named(page.list?.bulkActions, 'bulk');
  const canImport = (page.list?.actions ?? []).includes('import') && can(actions, 'create') && page.kind === 'crud';

  const run = async (act: CustomAction, bulk: boolean, body: Record<string, unknown>) => {
    const answer = bulk ? await opsApi.bulkAction(page.id, act.name, selected, body) : await opsApi.listAction(page.id, act.name, body);
    showActionResult(app, t, page, answer);
    onChanged();
  };
  const start = (act: CustomAction, bulk: boolean) => {
    if (Object.keys(act.fields ?? {}).length) setOpen({ act, bulk });
    else void run(act, bulk, {}).catch((e: Error) => void app.message.error(e.message));
  };
  const button = (act: CustomAction, bulk: boolean) => {
    const b = (
      <Button
        key={act.name}
        size={bulk ? 'small' : undefined}
        danger={act.danger}
        onClick={act.confirm && !act.fields ? undefined : () => start(act, bulk)}
      >
        {t(act.title)}
      </Button>
    );
    return act.confirm && !act.fields ? (
      <Popconfirm key={act.name} title={t(act.confirm)} onConfirm={() => start(act, bulk)}>
        {b}
      </Popconfirm>
    ) : (
      b
    );
  };

  const toolbar: ReactNode = (
    <>
      {canImport && (
        <Button icon={<UploadOutlined />} onClick={() => setOpen('import')}>
          {t('ops.import.button')}
        </Button>
      )}
      {listActs.map((a) => button(a, false))}
    </>
  );
  const bulkButtons: ReactNode = bulkActs.map((a) => button(a, true));
  const dialogs: ReactNode = (
    <Suspense fallback={null}>
      {open === 'import' && (
        <ImportDialog
          page={page}
          onClose={() => setOpen(null)}
          onImported={(count) => {
            void app.message.success(t('ops.import.done', { count }));
            onChanged();
          }}
        />
      )}
      {open && open !== 'import' && (
        <FragmentDialog
          page={page}
          title={t(open.act.title)}
          confirm={open.act.confirm}
          danger={open.act.danger}
          fields={open.act.fields ?? {}}
          required={open.act.required ?? []}
          onClose={() => setOpen(null)}
          onSubmit={(body) => run(open.act, open.bulk, body)}
        />
      )}
    </Suspense>
  );
  return { toolbar, bulkButtons, hasBulk: bulkActs.length > 0, dialogs };
}
