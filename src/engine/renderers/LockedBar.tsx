import { Button, Space, Tag, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PageSchema } from '../../shared/schema/types';
import type { ParentRef } from '../data/pageApi';
import { fieldSchema } from '../../shared/schema/model';
import { usePagePath } from '../routes/pagePaths';
import RefLabel from '../../widgets/cells/RefLabel';

/** Shows what a view is held to: the parent record it belongs to and the page's fixed filter; neither can be changed here. */
export function LockedBar({ page, parent }: { page: PageSchema; parent: (ParentRef & { value: string }) | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const parentPath = usePagePath(parent?.page);
  const fixed = Object.entries(page.fixedFilter ?? {});
  if (!parent && !fixed.length) return null;
  const label = (name: string, v: unknown) => {
    const f = fieldSchema(page, name);
    return f?.['x-enum-labels'] ? t(`${f['x-enum-labels']}.${String(v)}`) : String(v);
  };
  return (
    <div className="locked-bar" role="note">
      {parent && (
        <Space wrap className="locked-bar__parent">
          <LockOutlined aria-hidden />
          <Typography.Text type="secondary">{t('engine.related.belongsTo', { page: t(parent.title) })}</Typography.Text>
          <Typography.Text strong data-testid="locked-parent">
            <RefLabel value={parent.value} field={{ type: 'string', title: parent.title, 'x-ref': parent.page }} record={{}} />
          </Typography.Text>
          {parentPath && (
            <Button size="small" type="link" onClick={() => navigate(parentPath)}>
              {t('engine.related.backToParent', { page: t(parent.title) })}
            </Button>
          )}
        </Space>
      )}
      {fixed.length > 0 && (
        <Space wrap className="locked-bar__fixed" title={t('engine.locked.hint')}>
          <LockOutlined aria-hidden />
          <Typography.Text type="secondary">{t('engine.locked.fixed')}</Typography.Text>
          {fixed.map(([name, v]) => (
            <Tag key={name} data-testid="fixed-filter">
              {t(fieldSchema(page, name)?.title ?? name)}: {label(name, v)}
            </Tag>
          ))}
        </Space>
      )}
    </div>
  );
}
