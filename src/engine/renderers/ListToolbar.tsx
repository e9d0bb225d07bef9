import type { ReactNode } from 'react';
import { Button, Checkbox, Dropdown, Popover, Segmented, Space, Tooltip } from 'antd';
import { DownloadOutlined, PlusOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PageSchema } from '../../shared/schema/types';
import { fieldSchema } from '../../shared/schema/model';
import { can } from '../data/pageApi';
import type { Density, ListPrefs } from './useListPrefs';
import { columnFields } from './useColumns';
import { FormPage } from './views';

const preloadForm = () => void FormPage.preload().catch(() => undefined);

interface Props {
  page: PageSchema;
  actions: string[];
  total: number | null;
  capped: boolean;
  prefs: ListPrefs;
  setPrefs: (p: Partial<ListPrefs>) => void;
  onCreate: () => void;
  onExport: (format: 'csv' | 'xlsx') => void;
  onReload: () => void;
  exporting: boolean;
  /** Further toolbar buttons (import, list actions). */
  extra?: ReactNode;
}

export function ListToolbar({ page, actions, total, capped, prefs, setPrefs, onCreate, onExport, onReload, exporting, extra }: Props) {
  const { t } = useTranslation();
  const listActions = page.list?.actions ?? [];
  const settings = (
    <div className="column-settings">
      <div className="column-settings__title">{t('engine.list.columns')}</div>
      {columnFields(page).map((c) => (
        <div key={c}>
          <Checkbox
            checked={!prefs.hidden.includes(c)}
            onChange={(e) => setPrefs({ hidden: e.target.checked ? prefs.hidden.filter((h) => h !== c) : [...prefs.hidden, c] })}
          >
            {t(fieldSchema(page, c)!.title)}
          </Checkbox>
        </div>
      ))}
      <div className="column-settings__title">{t('engine.list.density')}</div>
      <Segmented<Density>
        size="small"
        value={prefs.density}
        onChange={(v) => setPrefs({ density: v })}
        options={[
          { value: 'large', label: t('engine.list.densityLarge') },
          { value: 'middle', label: t('engine.list.densityMiddle') },
          { value: 'small', label: t('engine.list.densitySmall') },
        ]}
      />
    </div>
  );
  return (
    <div className="list-toolbar">
      <div className="list-toolbar__title">
        <h2>{t(page.title)}</h2>
        {total !== null && (
          <span className="muted">{capped ? t('engine.list.totalCapped', { total }) : t('engine.list.total', { total })}</span>
        )}
      </div>
      <Space wrap>
        {listActions.includes('create') && can(actions, 'create') && page.kind === 'crud' && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} onPointerEnter={preloadForm} onFocus={preloadForm}>
            {t('engine.list.create')}
          </Button>
        )}
        {extra}
        {listActions.includes('export') && can(actions, 'export') && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'xlsx', label: 'Excel (.xlsx)' },
                { key: 'csv', label: 'CSV (.csv)' },
              ],
              onClick: ({ key }) => onExport(key as 'csv' | 'xlsx'),
            }}
          >
            <Button icon={<DownloadOutlined />} loading={exporting}>
              {t('engine.list.export')}
            </Button>
          </Dropdown>
        )}
        <Tooltip title={t('engine.list.reload')}>
          <Button icon={<ReloadOutlined />} onClick={onReload} aria-label={t('engine.list.reload')} />
        </Tooltip>
        <Popover content={settings} trigger="click" placement="bottomRight">
          <Button icon={<SettingOutlined />} aria-label={t('engine.list.settings')} />
        </Popover>
      </Space>
    </div>
  );
}
