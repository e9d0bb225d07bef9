import type { FieldSchema } from '../../shared/schema/types';
import type { CellComponent } from '../types';
import Text from './Text';
import StatusTag from './StatusTag';
import Money from './Money';
import RefLabel from './RefLabel';
import DateTime from './DateTime';
import DateCell from './Date';
import BooleanCell from './Boolean';
import Tags from './Tags';
import ImageCell from './Image';
import Region from './Region';
import Masked, { Secret } from './Masked';
import Json from './Json';
import Percent from './Percent';
import Link from './Link';
import Items, { ItemsTable } from './Items';

/** Display widgets by the names a schema's x-cell uses (CELL_WIDGETS). */
export const cellComponents: Record<string, CellComponent> = {
  Text,
  StatusTag,
  Money,
  RefLabel,
  DateTime,
  Date: DateCell,
  Boolean: BooleanCell,
  Tags,
  Image: ImageCell,
  Region,
  Masked,
  Json,
  Percent,
  Link,
  Items,
  ItemsTable,
};

/** Shown for write-only fields, which the server never returns. */
export const SecretCell: CellComponent = Secret;

/**
 * The cell of a field: its x-cell, else a default from the schema. A write-only secret always shows
 * as dots, whatever else it declares; then references, enums, booleans, dates, money, arrays and
 * objects get their own cells, and everything else is text.
 */
export function cellFor(field: FieldSchema): CellComponent {
  if (field.writeOnly) return SecretCell;
  const named = field['x-cell'] ? cellComponents[field['x-cell']] : undefined;
  if (named) return named;
  if (field['x-ref']) return RefLabel;
  if (field.enum) return StatusTag;
  if (field.type === 'boolean') return BooleanCell;
  if (field.format === 'date-time') return DateTime;
  if (field.format === 'date') return DateCell;
  if (field['x-component'] === 'Money') return Money;
  if (field.type === 'array' && field.items?.type === 'object') return Items;
  if (field.type === 'array') return Tags;
  if (field.type === 'object') return Json;
  return Text;
}

/** The cell of a field in the detail view: an array of objects shows as a table there, as text in lists. */
export function detailCellFor(field: FieldSchema): CellComponent {
  if (field.type === 'array' && field.items?.type === 'object' && !field['x-cell'] && !field.writeOnly) return ItemsTable;
  return cellFor(field);
}
