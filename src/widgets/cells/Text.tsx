import type { CSSProperties } from 'react';
import { EMPTY, isEmpty, type CellProps } from '../types';

/**
 * One line, cut with an ellipsis: right in a list's column. A detail shows the whole value, so
 * its sections let every `cell-line` wrap (renderers.css).
 */
export const ellipsisStyle: CSSProperties = {
  display: 'inline-block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
};
export const ellipsis = { className: 'cell-line', style: ellipsisStyle };

export function asText(value: unknown): string {
  if (isEmpty(value)) return EMPTY;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Plain text on one line, cut with an ellipsis when narrow (the full text is in the tooltip). */
export default function Text({ value }: CellProps) {
  const text = asText(value);
  return (
    <span {...ellipsis} title={text === EMPTY ? undefined : text}>
      {text}
    </span>
  );
}
