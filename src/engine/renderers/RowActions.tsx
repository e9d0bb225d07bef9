import { Button, Dropdown, Popconfirm } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PageSchema, Relation, Transition, CustomAction } from '../../shared/schema/types';
import { can, type Rec } from '../data/pageApi';
import { canDeleteRecord, canEditRecord } from '../../shared/schema/model';
import { holds } from '../../shared/schema/rules';
import { INLINE_ROW_ACTIONS } from './actionColumn';
import { useScreens } from '../../utils/useScreens';

interface Props {
  page: PageSchema;
  record: Rec;
  actions: string[];
  onOpen: (view: 'detail' | 'edit') => void;
  onDelete: () => void;
  onTransition: (t: Transition) => void;
  onAction: (a: CustomAction) => void;
  /** Opens the children of a relation named in rowActions, locked to this record. */
  onRelation?: (r: Relation) => void;
}

/** A row's actions: the first three as links (one on a phone), the rest in a menu; only what the user may do and the state allows. */
export function RowActions({ page, record, actions, onOpen, onDelete, onTransition, onAction, onRelation }: Props) {
  const { t } = useTranslation();
  // On a phone one link and the menu, so the row's data keeps the width.
  const screens = useScreens();
  const names = page.list?.rowActions ?? ['detail'];
  const items: { key: string; label: string; danger?: boolean; run: () => void; confirm?: string }[] = [];
  for (const name of names) {
    if (name === 'detail') items.push({ key: name, label: t('engine.list.detail'), run: () => onOpen('detail') });
    // A printable page opens in its own window, outside the console's layout.
    else if (name === 'print')
      items.push({
        key: name,
        label: t('ops.print.button'),
        run: () => window.open(`#/print/${page.id}/${record.id}`, '_blank', 'noopener'),
      });
    else if (name === 'edit' && can(actions, 'update') && canEditRecord(page, record))
      items.push({ key: name, label: t('engine.list.edit'), run: () => onOpen('edit') });
    else if (name === 'delete' && can(actions, 'delete') && canDeleteRecord(page, record)) {
      items.push({ key: name, label: t('engine.list.delete'), danger: true, run: onDelete, confirm: t('engine.list.deleteConfirm') });
    } else {
      const tr = page.states?.transitions.find((x) => x.name === name);
      if (tr && tr.from.includes(String(record[page.states!.field])) && (can(actions, `transition:${name}`) || can(actions, 'update'))) {
        items.push({ key: name, label: t(tr.title), danger: tr.danger, run: () => onTransition(tr) });
      }
      const act = page.actions?.find((a) => a.name === name);
      if (
        act &&
        (act.level ?? 'row') === 'row' &&
        (!act.when || holds(act.when, record)) &&
        (can(actions, `action:${name}`) || can(actions, 'update'))
      )
        items.push({ key: name, label: t(act.title), danger: act.danger, run: () => onAction(act) });
      // The schema answer lists only the relations whose children the caller may read.
      const rel = page.relations?.find((x) => x.name === name);
      if (rel && onRelation) items.push({ key: name, label: t(rel.title ?? 'engine.related.open'), run: () => onRelation(rel) });
    }
  }
  const inline = screens.md === false ? 1 : INLINE_ROW_ACTIONS;
  const shown = items.slice(0, inline);
  const rest = items.slice(inline);
  // Plain buttons in the look of antd's small link button: antd's Button (its wave, its loading
  // motion, its style hooks) was several components per action, three per row, on every list's first render.
  const link = (i: (typeof items)[number]) => {
    const className = i.danger ? 'row-action row-action--danger' : 'row-action';
    return i.confirm ? (
      <Popconfirm key={i.key} title={i.confirm} onConfirm={i.run} okButtonProps={{ danger: true }}>
        <button type="button" className={className}>
          {i.label}
        </button>
      </Popconfirm>
    ) : (
      <button key={i.key} type="button" className={className} onClick={i.run}>
        {i.label}
      </button>
    );
  };
  return (
    <span className="row-actions">
      {shown.map(link)}
      {rest.length > 0 && (
        <Dropdown
          menu={{
            items: rest.map((i) => ({ key: i.key, label: i.label, danger: i.danger })),
            onClick: ({ key }) => rest.find((i) => i.key === key)?.run(),
          }}
        >
          <Button type="link" size="small" icon={<MoreOutlined />} aria-label={t('engine.list.more')} />
        </Dropdown>
      )}
    </span>
  );
}
