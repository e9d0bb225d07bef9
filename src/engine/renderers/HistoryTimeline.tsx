import { Card, Empty, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageSchema } from '../../shared/schema/types';
import { fieldSchema } from '../../shared/schema/model';
import { useHistory } from '../controllers/useRecordParts';
import { cellFor } from '../../widgets/cells';
import { formatDate } from '../../utils/time';

const IGNORED = new Set(['version', 'updatedAt', 'updatedBy']);

/** The record's audit trail: who changed what, from which value to which. */
export function HistoryTimeline({ page, id }: { page: PageSchema; id: string }) {
  const { t } = useTranslation();
  const { entries: data, loading: isLoading } = useHistory(page, id);
  const value = (name: string, v: unknown) => {
    const f = fieldSchema(page, name);
    if (!f) return String(v ?? '');
    const Cell = cellFor(f);
    return <Cell value={v} field={f} />;
  };
  return (
    <Card title={t('engine.detail.history')} loading={isLoading}>
      {!data.length ? (
        <Empty description={t('engine.detail.noHistory')} />
      ) : (
        <Timeline
          items={data.map((h) => {
            const changed =
              h.before && h.after
                ? Object.keys(h.after).filter((k) => !IGNORED.has(k) && JSON.stringify(h.before![k]) !== JSON.stringify(h.after![k]))
                : [];
            const action = h.action.startsWith('transition:')
              ? t('engine.detail.actionTransition', { name: h.action.slice(11) })
              : t(`engine.detail.action.${h.action}`);
            return {
              key: h.id,
              color: h.action === 'delete' ? 'red' : h.action === 'create' ? 'green' : 'blue',
              children: (
                <div className="history-entry">
                  <Typography.Text strong>{action}</Typography.Text>
                  <Typography.Text type="secondary">
                    {' '}
                    · {h.username} · {formatDate(h.createdAt)}
                  </Typography.Text>
                  {changed.length > 0 && (
                    <ul className="history-entry__changes">
                      {changed.map((k) => (
                        <li key={k}>
                          {t(fieldSchema(page, k)?.title ?? k)}: {value(k, h.before![k])} → {value(k, h.after![k])}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              ),
            };
          })}
        />
      )}
    </Card>
  );
}
