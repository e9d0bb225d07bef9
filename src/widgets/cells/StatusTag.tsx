import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY, isEmpty, type CellProps } from '../types';
import { enumLabel } from './enumLabel';

/** An enum value by its label; with x-enum-colors, as a coloured tag. */
export default function StatusTag({ value, field }: CellProps) {
  const { t, i18n } = useTranslation();
  if (isEmpty(value)) return <>{EMPTY}</>;
  const label = enumLabel(t, i18n, field['x-enum-labels'], value);
  const colors = field['x-enum-colors'];
  if (!colors) return <span>{label}</span>;
  const color = colors[String(value)];
  return (
    <Tag color={color && color !== 'default' ? color : undefined} style={{ marginInlineEnd: 0 }}>
      {label}
    </Tag>
  );
}
