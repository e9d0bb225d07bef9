import { memo, useEffect, useState } from 'react';
import { Badge, Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { DownOutlined, SearchOutlined, UpOutlined, UndoOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { PageSchema } from '../../shared/schema/types';
import { fieldSchema, filterOperator } from '../../shared/schema/model';
import RefSelect from '../../widgets/RefSelect';
import RegionCascader from '../../widgets/RegionCascader';
import { pastRangePresets } from '../../utils/datePresets';
import { useScreens } from '../../utils/useScreens';

interface Props {
  page: PageSchema;
  filters: Record<string, string>;
  q: string;
  onSearch: (filters: Record<string, string>, q: string) => void;
  /** Reports have no free-text search. */
  hideKeyword?: boolean;
  /** Fields held by a lock (a parent): shown by LockedBar, not offered here. */
  locked?: string[];
}

/** GB/T 2260: province XX0000, city XXXX00, district XXXXXX — a code names its own ancestors. */
function regionPath(code: string): string[] {
  if (!/^\d{6}$/.test(code)) return [];
  if (code.endsWith('0000')) return [code];
  if (code.endsWith('00')) return [`${code.slice(0, 2)}0000`, code];
  return [`${code.slice(0, 2)}0000`, `${code.slice(0, 4)}00`, code];
}

/** Converts between the URL's filter strings and the values the filter inputs hold. */
function toInputs(page: PageSchema, filters: Record<string, string>) {
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(filters)) {
    const f = fieldSchema(page, name);
    if (!f) continue;
    const op = filterOperator(f);
    if (op === 'range') {
      const [a, b] = raw.split(',');
      out[name] =
        f.format === 'date-time' || f.format === 'date'
          ? [a ? dayjs(a) : null, b ? dayjs(b) : null]
          : [a ? Number(a) : null, b ? Number(b) : null];
    } else if (f['x-component'] === 'RegionCascader') out[name] = regionPath(raw);
    else if (f.type === 'integer' || f.type === 'number') out[name] = Number(raw);
    else out[name] = raw;
  }
  return out;
}

function fromInputs(page: PageSchema, values: Record<string, unknown>) {
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '') continue;
    const f = fieldSchema(page, name);
    if (f && filterOperator(f) === 'range' && Array.isArray(v)) {
      const fmt = (x: unknown) => (x === null || x === undefined ? '' : dayjs.isDayjs(x) ? (x as Dayjs).toISOString() : String(x));
      const s = `${fmt(v[0])},${fmt(v[1])}`;
      if (s !== ',') out[name] = s;
    } else if (Array.isArray(v)) {
      if (v.length) out[name] = String(v[v.length - 1]);
    } else out[name] = String(v).trim();
  }
  return out;
}

// antd's column class sets display, which would win over the hidden attribute.
const HIDDEN = { display: 'none' } as const;

/**
 * The list's filter form, built from the schema's filter fields. Memoised: the list renders again
 * when its rows come, and the form with its selects and pickers would render with it for nothing.
 */
export const FilterBar = memo(function FilterBar({ page, filters, q, onSearch, hideKeyword, locked }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  // Compared by value: a kept-alive list re-renders with equal filters in new objects, and resetting
  // a range picker to an equal value on each of those renders kept the browser busy.
  const filtersKey = JSON.stringify(filters);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({ ...toInputs(page, JSON.parse(filtersKey) as Record<string, string>), q });
  }, [form, page, filtersKey, q]);

  // A log's time range is always offered, so the window it opens on is visible and can be changed.
  const timeField = page.kind === 'log' ? page.log?.timeField : undefined;
  const listed = page.list?.filters ?? [];
  const names = [...(timeField && !listed.includes(timeField) ? [timeField] : []), ...listed].filter(
    (n) => !locked?.includes(n) && !(n in (page.fixedFilter ?? {})) && fieldSchema(page, n),
  );
  // Collapsed, the filters fill one row with the buttons (ProTable's habit): four columns from lg,
  // two from sm, one on a phone. Hidden filters keep their values and still apply.
  const screens = useScreens();
  const perRow = screens.lg ? 4 : screens.sm ? 2 : 1;
  const [expanded, setExpanded] = useState(false);
  // A filter out of sight is mounted when the panel first opens: the selects, pickers and reference
  // lookups of a dozen hidden filters were most of a list's first render. Its value waits in the
  // form's store (set from the address) and is sent with the rest (getFieldsValue(true) below).
  const [opened, setOpened] = useState(false);
  const items = [...(hideKeyword ? [] : ['q']), ...names];
  // On wide screens the buttons column keeps room for its three buttons in every language.
  const shownCount = expanded ? items.length : Math.max(1, perRow === 4 ? 2 : perRow - 1);
  const hiddenActive = items.slice(shownCount).filter((name) => (name === 'q' ? q : filters[name])).length;
  const control = (name: string) => {
    const f = fieldSchema(page, name)!;
    const op = filterOperator(f);
    const label = t(f.title);
    // A region matches when its code list holds the chosen code; any level may be chosen.
    if (f['x-component'] === 'RegionCascader') return <RegionCascader changeOnSelect placeholder={t('engine.filter.any')} />;
    if (f['x-ref']) return <RefSelect refPage={f['x-ref']} allowClear placeholder={t('engine.filter.any')} />;
    const values = f.enum ?? f.items?.enum;
    if (values) {
      return (
        <Select
          allowClear
          placeholder={t('engine.filter.any')}
          options={values.map((v) => ({ value: String(v), label: f['x-enum-labels'] ? t(`${f['x-enum-labels']}.${v}`) : String(v) }))}
        />
      );
    }
    if (f.type === 'boolean')
      return (
        <Select
          allowClear
          placeholder={t('engine.filter.any')}
          options={[
            { value: 'true', label: t('common.yes') },
            { value: 'false', label: t('common.no') },
          ]}
        />
      );
    if (op === 'range' && (f.format === 'date-time' || f.format === 'date')) {
      return (
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          style={{ width: '100%' }}
          showTime={f.format === 'date-time'}
          presets={pastRangePresets().map((p) => ({ label: t(p.key), value: [dayjs(p.range[0]), dayjs(p.range[1])] as [Dayjs, Dayjs] }))}
        />
      );
    }
    if (op === 'range') {
      return (
        <Space.Compact block>
          <Form.Item name={[name, 0]} noStyle>
            <InputNumber placeholder={t('engine.filter.min')} style={{ width: '50%' }} />
          </Form.Item>
          <Form.Item name={[name, 1]} noStyle>
            <InputNumber placeholder={t('engine.filter.max')} style={{ width: '50%' }} />
          </Form.Item>
        </Space.Compact>
      );
    }
    // An equality filter (x-filter: eq, served by an index) finds whole values only; say so.
    return (
      <Input
        allowClear
        placeholder={t(op === 'eq' ? 'engine.filter.equals' : 'engine.filter.contains', { field: label })}
        maxLength={200}
      />
    );
  };

  return (
    <Form
      form={form}
      className="list-filters"
      layout="vertical"
      onFinish={() => {
        const { q: text, ...rest } = form.getFieldsValue(true) as Record<string, unknown>;
        onSearch(fromInputs(page, rest), String(text ?? '').trim());
      }}
    >
      <Row gutter={[16, 0]}>
        {!hideKeyword && (
          <Col xs={24} sm={12} lg={6} style={items.indexOf('q') >= shownCount ? HIDDEN : undefined}>
            <Form.Item name="q" label={t('engine.filter.keyword')}>
              <Input allowClear prefix={<SearchOutlined />} placeholder={t('engine.filter.keywordPlaceholder')} maxLength={100} />
            </Form.Item>
          </Col>
        )}
        {names.map((name) => {
          const hidden = items.indexOf(name) >= shownCount;
          if (hidden && !opened) return null;
          const f = fieldSchema(page, name)!;
          const range = filterOperator(f) === 'range' && !(f.format === 'date-time' || f.format === 'date');
          return (
            <Col
              xs={24}
              sm={12}
              lg={f.format === 'date-time' && filterOperator(f) === 'range' ? 8 : 6}
              key={name}
              style={hidden ? HIDDEN : undefined}
            >
              <Form.Item name={range ? undefined : name} label={t(f.title)}>
                {control(name)}
              </Form.Item>
            </Col>
          );
        })}
        <Col xs={24} sm={12} lg={expanded ? 6 : 12} className="list-filters__buttons" style={{ marginLeft: 'auto' }}>
          <Form.Item label={perRow > 1 ? ' ' : undefined}>
            <Space wrap>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('engine.filter.search')}
              </Button>
              <Button icon={<UndoOutlined />} onClick={() => onSearch({}, '')}>
                {t('engine.filter.reset')}
              </Button>
              {items.length > shownCount || expanded ? (
                <Button
                  type="link"
                  onClick={() => {
                    setOpened(true);
                    setExpanded((x) => !x);
                  }}
                  aria-expanded={expanded}
                  data-testid="filters-more"
                  icon={expanded ? <UpOutlined /> : <DownOutlined />}
                  iconPosition="end"
                >
                  {expanded ? t('engine.filter.less') : t('engine.filter.more')}
                  {!expanded && hiddenActive > 0 && <Badge count={hiddenActive} size="small" style={{ marginLeft: 4 }} />}
                </Button>
              ) : null}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
});
