import { useState } from 'react';
import { Badge, Button, List, Modal, Tooltip, Typography } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from './errorLog';
import { formatDate } from '../../utils/time';

/** Shown in the top bar once an error has been recorded. */
export function ErrorLogButton() {
  const entries = useErrorLog();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!entries.length) return null;
  return (
    <>
      <Tooltip title={t('errorLog.title')}>
        <Badge count={entries.length} size="small">
          <Button type="text" danger icon={<BugOutlined />} onClick={() => setOpen(true)} aria-label={t('errorLog.title')} />
        </Badge>
      </Tooltip>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} title={t('errorLog.title')} width={720}>
        <List
          dataSource={entries}
          renderItem={(e) => (
            <List.Item>
              <List.Item.Meta
                title={<Typography.Text type="danger">{e.error}</Typography.Text>}
                description={
                  <>
                    <div>
                      {formatDate(e.time)} · {e.component}
                    </div>
                    <div className="muted">{e.url}</div>
                  </>
                }
              />
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
