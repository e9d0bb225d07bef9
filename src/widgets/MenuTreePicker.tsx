import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Empty, Spin, Tag, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../client/request';
import {
  actionsOf,
  checkState,
  indexMenu,
  isSchemaPage,
  PAGE_ACTIONS,
  toggleAction,
  toggleNode,
  type MenuGrants,
  type MenuTreeNode,
} from './menuGrants';
import type { FieldControlProps } from './types';

export const MENU_TREE_URL = '/open-platform/menuTree';

export type MenuTreePickerProps = FieldControlProps<MenuGrants | null>;

/**
 * A role's grants as a menu tree: checking an entry grants it (a directory: everything below), and
 * schema pages carry a row of action boxes (read, create, update, delete, export). Unticking read
 * removes the entry. The tree is keyboard-driven (arrows, Space/Enter to check), the boxes are
 * ordinary tab stops.
 */
export default function MenuTreePicker({ value, onChange, disabled, readOnly }: MenuTreePickerProps) {
  const { t, i18n } = useTranslation();
  const [roots, setRoots] = useState<MenuTreeNode[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const locked = Boolean(disabled || readOnly);

  useEffect(() => {
    let live = true;
    setError(null);
    api
      .get<MenuTreeNode[]>(MENU_TREE_URL, undefined, { silent: true })
      .then((tree) => live && setRoots(Array.isArray(tree) ? tree : []))
      .catch((e: Error) => live && setError(e.message || t('widgets.menuTree.loadFailed')));
    return () => {
      live = false;
    };
  }, [attempt, t]);

  const index = useMemo(() => indexMenu(roots ?? []), [roots]);
  const grants = useMemo(() => value ?? {}, [value]);
  const title = useCallback((key: string) => (i18n.exists(key) ? t(key) : key), [i18n, t]);

  const emit = useCallback(
    (next: MenuGrants) => {
      if (!locked) onChange?.(next);
    },
    [locked, onChange],
  );

  const treeData = useMemo(() => {
    const build = (nodes: MenuTreeNode[]): TreeDataNode[] =>
      nodes.map((n) => {
        const label = title(n.menuTitle);
        const leafPage = isSchemaPage(n) && !n.children?.length;
        const ticked = actionsOf(grants, n.code);
        return {
          key: n.code,
          children: n.children?.length ? build(n.children) : undefined,
          title: (
            <span className="widget-menu-tree-entry" style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
              <span>{label}</span>
              {n.hidden && (
                <Tag bordered={false} style={{ marginInlineEnd: 0 }}>
                  {t('widgets.menuTree.hidden')}
                </Tag>
              )}
              {leafPage && (
                // The boxes toggle actions only: their clicks must not reach the tree node.
                <span
                  role="group"
                  aria-label={t('widgets.menuTree.actionsOf', { menu: label })}
                  onClick={(e) => e.stopPropagation()}
                  onKeyDown={(e) => e.stopPropagation()}
                  // On a narrow screen the boxes wrap between them, never inside a label ("查/看").
                  style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 2, whiteSpace: 'nowrap' }}
                >
                  {PAGE_ACTIONS.map((action) => (
                    <Checkbox
                      key={action}
                      checked={ticked.has(action)}
                      disabled={locked}
                      aria-label={`${label}: ${t(`widgets.menuTree.actions.${action}`)}`}
                      onChange={(e) => emit(toggleAction(index, grants, n.code, action, e.target.checked))}
                      style={{ fontSize: 12 }}
                    >
                      {t(`widgets.menuTree.actions.${action}`)}
                    </Checkbox>
                  ))}
                  {ticked.has('*') && (
                    <Tag color="blue" style={{ marginInlineStart: 4 }}>
                      {t('widgets.menuTree.allActions')}
                    </Tag>
                  )}
                </span>
              )}
            </span>
          ),
        };
      });
    return build(roots ?? []);
  }, [roots, grants, index, locked, title, t, emit]);

  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('widgets.menuTree.loadFailed')}
        description={error}
        action={
          <Button size="small" onClick={() => setAttempt((a) => a + 1)}>
            {t('widgets.menuTree.retry')}
          </Button>
        }
      />
    );
  }
  if (!roots) {
    return (
      <Spin size="small">
        <div style={{ padding: 16 }}>{t('widgets.menuTree.loading')}</div>
      </Spin>
    );
  }
  if (!roots.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('widgets.menuTree.empty')} />;

  const { checked, halfChecked } = checkState(index, grants);
  const count = Object.keys(grants).filter((c) => index.byCode.has(c)).length;
  return (
    <div className="widget-menu-tree">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('widgets.menuTree.summary', { count })}
      </Typography.Text>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        blockNode
        disabled={locked}
        treeData={treeData}
        checkedKeys={{ checked, halfChecked }}
        onCheck={(_keys, info) => emit(toggleNode(index, grants, String(info.node.key), info.checked))}
      />
    </div>
  );
}
