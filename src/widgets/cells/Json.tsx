import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY, isEmpty, type CellProps } from '../types';
import { ellipsis } from './Text';

const PREVIEW = 60;

/** An object on one compact line; long ones expand to indented JSON. */
export default function Json({ value }: CellProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (isEmpty(value)) return <>{EMPTY}</>;
  let data = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch {
      data = value;
    }
  }
  const compact = typeof data === 'string' ? data : JSON.stringify(data);
  if (compact.length <= PREVIEW) return <code style={{ fontSize: 12 }}>{compact}</code>;
  return (
    <span>
      {open ? (
        <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{JSON.stringify(data, null, 2)}</pre>
      ) : (
        <code className={ellipsis.className} style={{ ...ellipsis.style, fontSize: 12, maxWidth: '32em' }} title={compact}>
          {compact.slice(0, PREVIEW)}…
        </code>
      )}
      <Button type="link" size="small" aria-expanded={open} onClick={() => setOpen(!open)} style={{ paddingInline: 4 }}>
        {open ? t('widgets.cells.collapse') : t('widgets.cells.expand')}
      </Button>
    </span>
  );
}
