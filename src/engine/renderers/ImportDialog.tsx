import { Alert, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PageSchema } from '../../shared/schema/types';
import { useImportController } from '../controllers/useImportController';

interface Props {
  page: PageSchema;
  onClose: () => void;
  onImported: (count: number) => void;
}

/** The import's two steps drawn; checking and sending the file are the controller's (controllers/useImportController.ts). */
export function ImportDialog({ page, onClose, onImported }: Props) {
  const { t } = useTranslation();
  const imp = useImportController(page, onImported, onClose);
  const { file, phase, progress, report, error, busy, clean } = imp;
  return (
    <Modal
      open
      title={t('ops.import.title', { page: t(page.title) })}
      width={760}
      onCancel={busy ? undefined : onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void imp.check()} disabled={!file || busy} loading={phase === 'checking'}>
            {t('ops.import.check')}
          </Button>
          <Button type="primary" onClick={() => void imp.commit()} disabled={!clean || busy} loading={phase === 'importing'}>
            {t('ops.import.commit', { count: report?.valid ?? 0 })}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }} className="import-dialog">
        <Typography.Text type="secondary">{t('ops.import.hint')}</Typography.Text>
        <Space wrap>
          <Button size="small" icon={<DownloadOutlined />} onClick={() => void imp.template('xlsx')}>
            {t('ops.import.template')} (.xlsx)
          </Button>
          <Button size="small" icon={<DownloadOutlined />} onClick={() => void imp.template('csv')}>
            {t('ops.import.template')} (.csv)
          </Button>
        </Space>
        <Upload.Dragger
          accept=".xlsx,.csv"
          maxCount={1}
          disabled={busy}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          beforeUpload={(f) => {
            imp.pick(f);
            return false;
          }}
          onRemove={imp.drop}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('ops.import.drop')}</p>
        </Upload.Dragger>
        {busy && (
          <div role="status">
            <Progress percent={Math.round(progress * 100)} status="active" />
            <Typography.Text type="secondary">{t('ops.import.uploading')}</Typography.Text>
          </div>
        )}
        {error && <Alert type="error" showIcon message={error} role="alert" />}
        {report && (
          <>
            <Alert
              type={clean ? 'success' : 'warning'}
              showIcon
              message={report.rows ? t('ops.import.summary', { rows: report.rows, valid: report.valid }) : t('ops.import.fixErrors')}
              description={report.rows ? (clean ? t('ops.import.allValid') : t('ops.import.fixErrors')) : undefined}
            />
            {report.errors.length > 0 && (
              <Table
                size="small"
                rowKey={(e) => `${e.row}-${e.field}-${e.msg}`}
                pagination={{ pageSize: 8, hideOnSinglePage: true }}
                dataSource={report.errors}
                className="import-errors"
                columns={[
                  { title: t('ops.import.row'), dataIndex: 'row', width: 64 },
                  { title: t('ops.import.field'), dataIndex: 'field', width: '30%' },
                  { title: t('ops.import.message'), dataIndex: 'msg' },
                ]}
              />
            )}
            {report.errorsTruncated && <Typography.Text type="secondary">{t('ops.import.truncated')}</Typography.Text>}
          </>
        )}
      </Space>
    </Modal>
  );
}
