import { lazy, Suspense, type ReactNode } from 'react';
import { Button, Popconfirm } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CustomAction, PageSchema } from '../../shared/schema/types';
import { useListOperations } from '../controllers/useListOperations';
import type { ListNotifier } from '../controllers/useListCommands';

const FragmentDialog = lazy(() => import('./FragmentDialog').then((m) => ({ default: m.FragmentDialog })));
const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));

/**
 * The list's operations drawn: the toolbar's import and list actions, the buttons of the bulk
 * actions, and their dialogs; what they do is the controller's (controllers/useListOperations.ts).
 */
export function useListOperationViews(
  page: PageSchema,
  actions: string[],
  selected: number[],
  notify: ListNotifier,
  onChanged: () => void,
) {
  const { t } = useTranslation();
  const ops = useListOperations(page, actions, selected, notify, onChanged);
  const { start, dialog: open } = ops;
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
      {ops.canImport && (
        <Button icon={<UploadOutlined />} onClick={ops.openImport}>
          {t('ops.import.button')}
        </Button>
      )}
      {ops.listActions.map((a) => button(a, false))}
    </>
  );
  const bulkButtons: ReactNode = ops.bulkActions.map((a) => button(a, true));
  const dialogs: ReactNode = (
    <Suspense fallback={null}>
      {open === 'import' && <ImportDialog page={page} onClose={ops.close} onImported={ops.imported} />}
      {open && open !== 'import' && (
        <FragmentDialog
          page={page}
          title={t(open.act.title)}
          confirm={open.act.confirm}
          danger={open.act.danger}
          fields={open.act.fields ?? {}}
          required={open.act.required ?? []}
          onClose={ops.close}
          onSubmit={ops.submit}
        />
      )}
    </Suspense>
  );
  return { toolbar, bulkButtons, hasBulk: ops.bulkActions.length > 0, dialogs };
}
