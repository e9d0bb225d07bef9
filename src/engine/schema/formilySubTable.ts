import type { ISchema } from '@formily/json-schema';
import type { FieldSchema } from '../../shared/schema/types';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * An array of objects as Formily's ArrayTable: one column per sub-field, each cell a Formily field
 * of its own (so each cell validates and shows its message in place), and row operations to add,
 * remove and move rows. `cell` turns a sub-field into its field schema, as for a top-level field.
 */
export function subTableSchema(
  f: FieldSchema,
  t: Translate,
  required: boolean,
  cell: (name: string, sub: FieldSchema, required: boolean) => ISchema,
): ISchema {
  const subs = f.items?.properties ?? {};
  const requiredSubs = new Set(f.items?.required ?? []);
  const columns: Record<string, ISchema> = {
    __index: {
      type: 'void',
      'x-component': 'ArrayTable.Column',
      'x-component-props': { width: 56, title: '#', align: 'center' },
      properties: { index: { type: 'void', 'x-component': 'ArrayTable.Index' } },
    },
  };
  for (const [name, sub] of Object.entries(subs)) {
    const isRequired = requiredSubs.has(name);
    const schema = cell(name, sub, isRequired);
    // The column header carries the title; the cell keeps its validation feedback only.
    columns[`__col_${name}`] = {
      type: 'void',
      'x-component': 'ArrayTable.Column',
      'x-component-props': { title: t(sub.title), required: isRequired, width: sub['x-component'] === 'Input.TextArea' ? 240 : 160 },
      properties: {
        [name]: {
          ...schema,
          title: undefined,
          'x-decorator-props': { ...(schema['x-decorator-props'] as object), feedbackLayout: 'popover' },
        },
      },
    };
  }
  columns.__ops = {
    type: 'void',
    'x-component': 'ArrayTable.Column',
    'x-component-props': { title: t('engine.subTable.operations'), width: 130, fixed: 'right', align: 'center' },
    properties: {
      ops: {
        type: 'void',
        'x-component': 'FormItem',
        'x-component-props': { style: { marginBottom: 0 } },
        properties: {
          up: { type: 'void', 'x-component': 'ArrayTable.MoveUp', 'x-component-props': { title: t('engine.subTable.moveUp') } },
          down: { type: 'void', 'x-component': 'ArrayTable.MoveDown', 'x-component-props': { title: t('engine.subTable.moveDown') } },
          remove: { type: 'void', 'x-component': 'ArrayTable.Remove', 'x-component-props': { title: t('engine.subTable.remove') } },
        },
      },
    },
  };
  const schema: ISchema = {
    type: 'array',
    title: t(f.title),
    description: f.description ? t(f.description) : undefined,
    required,
    maxItems: f.maxItems,
    'x-decorator': 'FormItem',
    'x-decorator-props': { gridSpan: -1 },
    'x-component': 'ArrayTable',
    'x-component-props': { pagination: false, size: 'small', bordered: true, scroll: { x: 'max-content' }, className: 'sub-table' },
    items: { type: 'object', properties: columns },
    properties: { add: { type: 'void', title: t('engine.subTable.add'), 'x-component': 'ArrayTable.Addition' } },
  };
  return Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== undefined)) as ISchema;
}
