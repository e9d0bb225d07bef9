import { Badge, Button, Dropdown, type MenuProps } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { arrivedTodoCount, fetchTodoCount, TODO_COUNT_KEY } from '../todoCount';
import { pageIdOf, TODO_TARGETS } from '../../shared/routes/todoCounters';
import { useSession } from '../../engine/session/store';
import type { RouteEntry } from '../../engine/routes/buildRoutes';

/** Spec §9: six counters show before "more". */
export const TODO_SHOWN = 6;

function routePaths(routes: RouteEntry[], out = new Set<string>()): Set<string> {
  for (const r of routes) {
    out.add(r.path.replace(/^\//, ''));
    routePaths(r.children, out);
  }
  return out;
}

/** Counters whose queue is one of the user's pages: a queue the user cannot open is no to-do of theirs. */
export function useTodoTargets() {
  const { routes } = useSession();
  return useMemo(() => {
    const paths = routePaths(routes);
    return TODO_TARGETS.filter(([, target]) => paths.has(pageIdOf(target)));
  }, [routes]);
}

/** The counters to show and their counts: the server answers only the queues this user can work; until it has, the readable ones show. */
export function useTodoQueues(refreshInterval?: number) {
  const readable = useTodoTargets();
  const { data } = useSWR(TODO_COUNT_KEY, fetchTodoCount, { refreshInterval, fallbackData: arrivedTodoCount() });
  const targets = data ? readable.filter(([name]) => name in data) : readable;
  return { targets, count: (name: string) => data?.[name] ?? 0 };
}

const badge = (n: number) => (
  <Badge count={n} overflowCount={999} showZero size="small" color={n ? undefined : '#bfbfbf'} className="todo-shortcut__badge" />
);

/**
 * The to-do shortcuts of the top bar. Where the bar is short (a laptop), they fold into one button
 * with the total, so the open-page tabs keep the width; the full row is the spec's six and "more".
 */
export function TodoShortcuts({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { targets, count } = useTodoQueues(60_000);
  if (!targets.length) return null;
  const menuOf = (list: typeof targets): MenuProps => ({
    items: list.map(([name]) => ({
      key: name,
      label: (
        <span className="todo-more-item" data-testid={`todo-${name}`}>
          {t(`todo.${name}`)} {badge(count(name))}
        </span>
      ),
    })),
    onClick: ({ key }) => navigate(list.find(([n]) => n === key)![1]),
  });
  if (compact) {
    const total = targets.reduce((sum, [name]) => sum + count(name), 0);
    return (
      <div className="todo-shortcuts todo-shortcuts--compact" aria-label={t('todo.label')} role="group">
        <Dropdown trigger={['click']} placement="bottomRight" menu={menuOf(targets)}>
          <Button type="text" size="small" icon={<BellOutlined />} data-testid="todo-compact" aria-label={`${t('todo.label')} ${total}`}>
            {t('todo.label')} {badge(total)}
          </Button>
        </Dropdown>
      </div>
    );
  }
  const shown = targets.slice(0, TODO_SHOWN);
  const more = targets.slice(TODO_SHOWN);
  return (
    <div className="todo-shortcuts" aria-label={t('todo.label')} role="group">
      {shown.map(([name, target]) => (
        <Button key={name} type="text" size="small" className="todo-shortcut" onClick={() => navigate(target)} data-testid={`todo-${name}`}>
          {t(`todo.${name}`)}
          {badge(count(name))}
        </Button>
      ))}
      {more.length > 0 && (
        <Dropdown menu={menuOf(more)}>
          <Button type="text" size="small" icon={<BellOutlined />} data-testid="todo-more">
            {t('todo.more')}
          </Button>
        </Dropdown>
      )}
    </div>
  );
}
