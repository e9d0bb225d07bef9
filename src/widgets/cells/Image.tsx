import { Image } from 'antd';
import { EMPTY, isEmpty, type CellProps } from '../types';

/** A 40 px thumbnail; click to preview full size. */
export default function ImageCell({ value, field }: CellProps) {
  if (isEmpty(value) || typeof value !== 'string') return <>{EMPTY}</>;
  return <Image src={value} alt={field.title} width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} />;
}
