import { useState } from 'react';
import { Button, Empty, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { Version } from './playgroundApi';
import { lineDiff } from './lineDiff';

interface Props {
  versions: Version[];
  /** The schema file's text: revision 0, the reviewed source. */
  file: string | null;
  /** The text in the editor, which every version is compared with. */
  current: string;
  onRollback(revision: number): Promise<void>;
}

type Row = Version & { isFile?: boolean; isNothing?: boolean };

/** A page's saved versions, each comparable with the current text and restorable in one click. */
export function Versions({ versions, file, current, onRollback }: Props) {
  const { t } = useTranslation();
  const [diffOf, setDiffOf] = useState<Row | null>(null);
  const name = (r: Row) =>
    r.isFile
      ? t('playground.versions.file')
      : r.isNothing
        ? t('playground.versions.nothing')
        : `r${r.revision}${r.source === '' ? ` (${t('playground.versions.removed')})` : ''}`;
  // Revision 0 is the schema file, or, for a page made here, no page at all: rolling back to it removes the page.
  const zero: Row =
    file !== null
      ? { revision: 0, source: file, author: '', note: null, createdAt: '', isFile: true }
      : { revision: 0, source: '', author: '', note: null, createdAt: '', isNothing: true };
  const rows: Row[] = [...versions, ...(file !== null || versions.length ? [zero] : [])];
  const currentRevision = versions[0]?.revision ?? 0;
  const diff = diffOf ? lineDiff(diffOf.source, current) : [];
  return (
    <>
      {!versions.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('playground.versions.none')} />}
      <Table<Row>
        size="small"
        rowKey="revision"
        pagination={false}
        dataSource={rows}
        data-testid="playground-versions"
        columns={[
          {
            title: t('playground.versions.revision'),
            render: (_, r) => (
              <Space>
                {name(r)}
                {r.revision === currentRevision && <Tag color="green">{t('playground.versions.current')}</Tag>}
              </Space>
            ),
          },
          { title: t('playground.versions.author'), dataIndex: 'author' },
          { title: t('playground.versions.time'), render: (_, r) => (r.createdAt ? dayjs(r.createdAt).format('YYYY-MM-DD HH:mm:ss') : '') },
          { title: t('playground.versions.note'), dataIndex: 'note' },
          {
            title: '',
            render: (_, r) => (
              <Space>
                <Button size="small" onClick={() => setDiffOf(r)}>
                  {t('playground.versions.diff')}
                </Button>
                {r.revision !== currentRevision && (
                  <Popconfirm title={t('playground.versions.rollbackConfirm', { from: name(r) })} onConfirm={() => onRollback(r.revision)}>
                    <Button size="small" danger data-testid={`playground-rollback-${r.revision}`}>
                      {t('playground.versions.rollback')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!diffOf}
        width={900}
        footer={null}
        onCancel={() => setDiffOf(null)}
        title={diffOf ? t('playground.versions.diffTitle', { from: name(diffOf) }) : ''}
      >
        {diff.every((l) => l.op === ' ') ? (
          <Empty description={t('playground.versions.same')} />
        ) : (
          <pre className="playground__diff">
            {diff.map((l, i) => (
              <div
                key={i}
                className={`playground__diff-${l.op === '+' ? 'add' : l.op === '-' ? 'del' : 'same'}`}
              >{`${l.op} ${l.text}`}</div>
            ))}
          </pre>
        )}
      </Modal>
    </>
  );
}
