import { Button, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageSchema } from '../../shared/schema/types';
import type { Rec } from '../data/pageApi';
import { cellFor } from '../../widgets/cells';

interface Props {
  page: PageSchema;
  mine: Record<string, unknown>;
  theirs: Rec;
  onReload: () => void;
  onKeepMine: () => void;
  onCancel: () => void;
}

/** Someone saved the record after it was opened: reload theirs, or compare and deliberately keep mine. */
export function StaleDialog({ page, mine, theirs, onReload, onKeepMine, onCancel }: Props) {
  const { t } = useTranslation();
  const changed = Object.keys(mine).filter(
    (k) =>
      page.model!.properties[k] &&
      !page.model!.properties[k].writeOnly &&
      JSON.stringify(mine[k] ?? null) !== JSON.stringify(theirs[k] ?? null),
  );
  const rows = changed.map((k) => ({ key: k, field: t(page.model!.properties[k].title), mine: mine[k], theirs: theirs[k] }));
  const cell = (k: string, v: unknown) => {
    const Cell = cellFor(page.model!.properties[k]);
    return <Cell value={v} field={page.model!.properties[k]} />;
  };
  return (
    <Modal
      open
      title={t('engine.form.staleTitle')}
      onCancel={onCancel}
      width={720}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('common.cancel')}
        </Button>,
        <Button key="mine" danger onClick={onKeepMine}>
          {t('engine.form.keepMine')}
        </Button>,
        <Button key="reload" type="primary" onClick={onReload}>
          {t('engine.form.reloadTheirs')}
        </Button>,
      ]}
    >
      <p>{t('engine.form.staleText', { user: String(theirs.updatedBy ?? ''), time: String(theirs.updatedAt ?? '') })}</p>
      <Table
        size="small"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('engine.form.staleSame') }}
        columns={[
          { key: 'field', dataIndex: 'field', title: t('engine.form.field'), width: 160 },
          { key: 'mine', title: t('engine.form.mine'), render: (_, r) => cell(r.key, r.mine) },
          { key: 'theirs', title: t('engine.form.theirs'), render: (_, r) => cell(r.key, r.theirs) },
        ]}
      />
    </Modal>
  );
}
