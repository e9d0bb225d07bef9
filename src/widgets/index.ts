import { createElement, type ComponentType } from 'react';
import {
  ArrayTable,
  Cascader,
  Checkbox,
  DatePicker,
  FormGrid,
  FormLayout,
  Input,
  NumberPicker,
  Radio,
  Select,
  Switch,
  TimePicker,
  Transfer,
  TreeSelect,
} from '@formily/antd-v5';
import { connect, mapReadPretty, useFieldSchema } from '@formily/react';
import type { FieldSchema } from '../shared/schema/types';
import { cellComponents, cellFor, detailCellFor, SecretCell } from './cells';
import type { CellComponent, CellProps } from './types';
import type { MenuGrants } from './menuGrants';
import './dayjsLocales';
import Money from './Money';
import RefSelect from './RefSelect';
import RegionCascader from './RegionCascader';
import DateRange from './DateRange';
import Password from './Password';
import Upload from './Upload';
import MenuTreePicker from './MenuTreePicker';
import JsonEditor from './JsonEditor';
import ColorPicker from './ColorPicker';
import { LabelledFormItem } from './LabelledFormItem';

export type { CellComponent, CellProps } from './types';
export { cellComponents, cellFor, detailCellFor };
export { regionLabel, REGIONS, findRegion } from '../shared/regions';
export { invalidateRefLabels, useRefLabels } from './refOptions';
export type { MenuGrants, MenuTreeNode } from './menuGrants';
export type { UploadedFile } from './Upload';

/**
 * Read-pretty view of a form widget (Formily's readPretty pattern, used by detail views built from
 * the form): the matching list cell, given the field's own schema.
 */
function prettyFrom(Cell: CellComponent) {
  function Pretty({ value, ...props }: { value?: unknown }) {
    const schema = useFieldSchema() as unknown as FieldSchema | undefined;
    // The component's own props (x-component-props) come along, for pretty views that need them.
    return createElement(Cell, { ...props, value, field: schema ?? ({ type: 'string', title: '' } as FieldSchema) } as CellProps);
  }
  return Pretty;
}

// Formily hands every field component value, onChange, disabled and readOnly; connect adds the
// read-pretty variant.
const wrap = <P>(component: ComponentType<P>, Pretty?: CellComponent) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Formily passes each widget its own props
  (Pretty ? connect(component, mapReadPretty(prettyFrom(Pretty))) : connect(component)) as ComponentType<any>;

/** The project's form widgets, by the names schemas use in x-component (FORM_WIDGETS). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of components with different props
export const widgetComponents: Record<string, ComponentType<any>> = {
  Money: wrap(Money, cellComponents.Money),
  RefSelect: wrap(RefSelect, RefPretty as CellComponent),
  RegionCascader: wrap(RegionCascader, cellComponents.Region),
  DateRange: wrap(DateRange, prettyRange),
  Password: wrap(Password, SecretCell),
  Upload: wrap(Upload, uploadPretty),
  MenuTreePicker: wrap(MenuTreePicker, grantsPretty),
  JsonEditor: wrap(JsonEditor, cellComponents.Json),
  ColorPicker: wrap(ColorPicker, colorPretty),
};

/** The referenced page may come from x-component-props (refPage) or the schema's x-ref. */
function RefPretty({ value, refPage }: { value: unknown; refPage?: string }) {
  const schema = useFieldSchema() as unknown as FieldSchema | undefined;
  const field: FieldSchema = { type: 'string', title: schema?.title ?? '', 'x-ref': refPage ?? schema?.['x-ref'] };
  return createElement(cellComponents.RefLabel, { value, field });
}

function grantsPretty({ value }: { value: unknown }) {
  return createElement(MenuTreePicker, { value: (value ?? null) as MenuGrants | null, readOnly: true });
}

function prettyRange({ value }: { value: unknown }) {
  const DateTime = cellComponents.DateTime;
  if (!Array.isArray(value) || value.length !== 2) return createElement('span', null, '-');
  const field = { type: 'string', title: '', format: 'date-time' } as FieldSchema;
  return createElement(
    'span',
    null,
    createElement(DateTime, { value: value[0], field }),
    ' ~ ',
    createElement(DateTime, { value: value[1], field }),
  );
}

function uploadPretty({ value, field }: { value: unknown; field: FieldSchema }) {
  const isImage = typeof value === 'string' && /\.(png|jpe?g|gif|webp|svg)(?:[?#].*)?$/i.test(value);
  return createElement(isImage ? cellComponents.Image : cellComponents.Link, { value, field });
}

function colorPretty({ value }: { value: unknown }) {
  if (typeof value !== 'string' || !value) return createElement('span', null, '-');
  return createElement(
    'span',
    { style: { display: 'inline-flex', alignItems: 'center', gap: 6 } },
    createElement('span', {
      'aria-hidden': true,
      style: { width: 14, height: 14, borderRadius: 3, background: value, border: '1px solid rgba(0,0,0,0.15)' },
    }),
    value,
  );
}

/**
 * Every component a page schema may name in x-component (FORMILY_COMPONENTS and FORM_WIDGETS), plus
 * Formily's layout decorators, ready for createSchemaField({ components: formComponents }).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of components with different props
export const formComponents: Record<string, ComponentType<any>> = {
  FormItem: LabelledFormItem,
  FormGrid,
  FormLayout,
  Input,
  'Input.TextArea': Input.TextArea,
  Select,
  NumberPicker,
  Switch,
  DatePicker,
  'DatePicker.RangePicker': DatePicker.RangePicker,
  TimePicker,
  Checkbox,
  'Checkbox.Group': Checkbox.Group,
  Radio,
  'Radio.Group': Radio.Group,
  Cascader,
  TreeSelect,
  Transfer,
  ArrayTable,
  ...widgetComponents,
};

/** Names registered in formComponents that are layout decorators rather than x-component inputs. */
export const LAYOUT_COMPONENTS = ['FormItem', 'FormGrid', 'FormLayout'] as const;
