import { CELL_WIDGETS, FORM_WIDGETS, FORMILY_COMPONENTS, MENU_ICONS } from '../shared/widgetNames';
import { ICONS } from '../console/layout/icons';
import { cellComponents, cellFor, formComponents, LAYOUT_COMPONENTS, widgetComponents } from './index';
import type { FieldSchema } from '../shared/schema/types';
import * as FormilyAntd from '@formily/antd-v5';
import { FormPath } from '@formily/shared';

const sorted = (xs: readonly string[]) => [...xs].sort();

describe('widget registry', () => {
  it('registers exactly the form component names of names.ts, plus the layout decorators', () => {
    expect(sorted(Object.keys(formComponents))).toEqual(sorted([...FORMILY_COMPONENTS, ...FORM_WIDGETS, ...LAYOUT_COMPONENTS]));
    expect(sorted(Object.keys(widgetComponents))).toEqual(sorted(FORM_WIDGETS));
    for (const name of Object.keys(formComponents)) expect(formComponents[name], name).toBeTruthy();
  });

  it('resolves every x-component name the way Formily looks it up (dotted names as paths)', () => {
    for (const name of [...FORMILY_COMPONENTS, ...FORM_WIDGETS, ...LAYOUT_COMPONENTS]) {
      expect(FormPath.getIn(formComponents, name), name).toBe(formComponents[name]);
    }
  });

  it('maps Formily names to the @formily/antd-v5 components', () => {
    expect(formComponents['Input.TextArea']).toBe(FormilyAntd.Input.TextArea);
    expect(formComponents['DatePicker.RangePicker']).toBe(FormilyAntd.DatePicker.RangePicker);
    expect(formComponents['Radio.Group']).toBe(FormilyAntd.Radio.Group);
    expect(formComponents['Checkbox.Group']).toBe(FormilyAntd.Checkbox.Group);
    // Formily's FormItem, with its label naming the input (LabelledFormItem).
    expect((formComponents.FormItem as typeof FormilyAntd.FormItem).BaseItem).toBe(FormilyAntd.FormItem.BaseItem);
    expect(formComponents.NumberPicker).toBe(FormilyAntd.NumberPicker);
  });

  it('registers exactly the cell names of names.ts', () => {
    expect(sorted(Object.keys(cellComponents))).toEqual(sorted(CELL_WIDGETS));
    for (const name of CELL_WIDGETS) expect(cellComponents[name], name).toBeTruthy();
  });

  it('chooses default cells from the schema', () => {
    const f = (extra: Partial<FieldSchema>): FieldSchema => ({ type: 'string', title: 'fields.x', ...extra });
    expect(cellFor(f({ 'x-cell': 'Link' }))).toBe(cellComponents.Link);
    expect(cellFor(f({ 'x-ref': 'customerManage/customer' }))).toBe(cellComponents.RefLabel);
    expect(cellFor(f({ type: 'array', 'x-ref': 'platformUser/roleManage', 'x-ref-multiple': true }))).toBe(cellComponents.RefLabel);
    expect(cellFor(f({ enum: ['a'], 'x-enum-colors': { a: 'green' } }))).toBe(cellComponents.StatusTag);
    expect(cellFor(f({ enum: ['a'] }))).toBe(cellComponents.StatusTag);
    expect(cellFor(f({ type: 'boolean' }))).toBe(cellComponents.Boolean);
    expect(cellFor(f({ format: 'date-time' }))).toBe(cellComponents.DateTime);
    expect(cellFor(f({ format: 'date' }))).toBe(cellComponents.Date);
    expect(cellFor(f({ type: 'integer', 'x-component': 'Money' }))).toBe(cellComponents.Money);
    expect(cellFor(f({ type: 'array', items: { type: 'string' } }))).toBe(cellComponents.Tags);
    expect(cellFor(f({ type: 'object' }))).toBe(cellComponents.Json);
    expect(cellFor(f({}))).toBe(cellComponents.Text);
    const secret = cellFor(f({ writeOnly: true, 'x-component': 'Password' }));
    expect(Object.values(cellComponents)).not.toContain(secret);
    expect(cellFor(f({ writeOnly: true, 'x-cell': 'Text' }))).toBe(secret);
  });
});

describe('menu icons', () => {
  it('bundles exactly the icon names the menu check accepts', () => {
    expect(sorted(Object.keys(ICONS))).toEqual(sorted(MENU_ICONS));
  });
});
