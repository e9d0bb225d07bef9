import type { ComponentType } from 'react';
import type { FieldSchema } from '../shared/schema/types';

/** What a list cell or a detail value receives. */
export interface CellProps {
  value: unknown;
  /** The whole record, for cells that combine fields. */
  record?: Record<string, unknown>;
  field: FieldSchema;
}

export type CellComponent = ComponentType<CellProps>;

/** value/onChange as Formily (or any controlled form) passes them to a field component. */
export interface FieldControlProps<T> {
  value?: T;
  onChange?: (value: T) => void;
  disabled?: boolean;
  readOnly?: boolean;
}

export const EMPTY = '-';

export function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}
