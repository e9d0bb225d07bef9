import type { PageSchema } from '../../shared/schema/types';

/** Row actions shown as links before the rest go into the "more" menu (one on a phone). */
export const INLINE_ROW_ACTIONS = 3;

/** The message key of a row action's label, as RowActions shows it. */
export function rowActionLabelKey(page: PageSchema, name: string): string | undefined {
  if (name === 'detail') return 'engine.list.detail';
  if (name === 'print') return 'ops.print.button';
  if (name === 'edit') return 'engine.list.edit';
  if (name === 'delete') return 'engine.list.delete';
  const rel = page.relations?.find((x) => x.name === name);
  return (
    page.states?.transitions.find((x) => x.name === name)?.title ??
    page.actions?.find((a) => a.name === name)?.title ??
    (rel ? (rel.title ?? 'engine.related.open') : undefined)
  );
}

/** Rough rendered width of a label at the table's 14 px: full-width (CJK) characters are twice a Latin one. */
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += ch.codePointAt(0)! >= 0x2e80 ? 14 : /[A-Z]/.test(ch) ? 9 : 7.5;
  return w;
}

const LINK_PADDING = 16;
const MORE_BUTTON = 24;
const CELL_PADDING = 32;

/**
 * The pinned actions column's width: room for the widest labels that can show inline in the current
 * language (and the "more" button when there are more), so a long label such as "发送授权短信" or
 * "Request consent" is not cut off at the table's edge.
 */
export function actionColumnWidth(page: PageSchema, t: (key: string) => string, inline = INLINE_ROW_ACTIONS): number {
  const labels = (page.list?.rowActions ?? ['detail'])
    .map((n) => rowActionLabelKey(page, n))
    .filter((k): k is string => Boolean(k))
    .map((k) => t(k));
  const widest = labels
    .map(textWidth)
    .sort((a, b) => b - a)
    .slice(0, inline);
  const width = widest.reduce((s, w) => s + w + LINK_PADDING, 0) + (labels.length > inline ? MORE_BUTTON : 0) + CELL_PADDING;
  return Math.min(inline < INLINE_ROW_ACTIONS ? 160 : 360, Math.max(inline < INLINE_ROW_ACTIONS ? 72 : 110, Math.ceil(width)));
}
