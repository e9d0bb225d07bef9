import { Image } from 'antd';
import { EMPTY, isEmpty, type CellProps } from '../types';
import { useFreshLink } from '../fileLink';

/** A 40 px thumbnail; click to preview full size. */
export default function ImageCell({ value, field }: CellProps) {
  const src = useFreshLink(typeof value === 'string' ? value : null);
  if (isEmpty(value) || typeof value !== 'string' || !src) return <>{EMPTY}</>;
  return <Image src={src} alt={field.title} width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} />;
}
