import { Badge, Button, Dropdown } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { arrivedTodoCount, fetchTodoCount, TODO_COUNT_KEY } from '../todoCount';
import { TODO_TARGETS } from '../../engine/routes/todoCounters';

/** Spec §9: six counters show before "more". */
export const TODO_SHOWN = 6;

export function TodoShortcuts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useSWR(TODO_COUNT_KEY, fetchTodoCount, { refreshInterval: 60_000, fallbackData: arrivedTodoCount() });
  const shown = TODO_TARGETS.slice(0, TODO_SHOWN);
  const more = TODO_TARGETS.slice(TODO_SHOWN);
  const count = (name: string) => data?.[name] ?? 0;
  return (
    <div className="todo-shortcuts hide-mobile" aria-label={t('todo.label')} role="group">
      {shown.map(([name, target]) => (
        <Button key={name} type="text" size="small" className="todo-shortcut" onClick={() => navigate(target)} data-testid={`todo-${name}`}>
          {t(`todo.${name}`)}
          <Badge count={count(name)} overflowCount={999} showZero size="small" color={count(name) ? undefined : '#bfbfbf'} className="todo-shortcut__badge" />
        </Button>
      ))}
      <Dropdown menu={{ items: more.map(([name]) => ({ key: name, label: <span className="todo-more-item">{t(`todo.${name}`)} <Badge count={count(name)} showZero size="small" color={count(name) ? undefined : '#bfbfbf'} /></span> })),
        onClick: ({ key }) => navigate(more.find(([n]) => n === key)![1]) }}>
        <Button type="text" size="small" icon={<BellOutlined />} data-testid="todo-more">{t('todo.more')}</Button>
      </Dropdown>
    </div>
  );
}
