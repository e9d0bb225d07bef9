import { useEffect, useMemo, useRef, useState } from 'react';
import { Empty, Select, Spin, Typography } from 'antd';
import type { SelectProps } from 'antd';
import { useFieldSchema } from '@formily/react';
import { useTranslation } from 'react-i18next';
import { api } from '../client/request';
import { optionsUrl, rememberOptions, useRefLabels, type RefOption } from './refOptions';
import { useClearWhenParentChanges, useDependsFilter } from './refDepends';
import { useFillOnPick } from './refFill';

type Key = string | number;

export interface RefSelectProps extends Omit<SelectProps, 'value' | 'onChange' | 'mode' | 'options'> {
  /** Id of the referenced page; defaults to the field schema's x-ref. */
  refPage?: string;
  /** Several references (an array value); defaults to the field schema's x-ref-multiple. */
  multiple?: boolean;
  value?: Key | Key[] | null;
  onChange?: (value: Key | Key[] | null) => void;
  readOnly?: boolean;
  /** Field values the offered records must have (the field's x-ref-filter). */
  refFilter?: Record<string, string | number | boolean>;
  /** Fields of this form whose values the offered records must have (the field's x-ref-depends: their field → ours). */
  refDepends?: Record<string, string>;
  /** Fields of this form set from the picked record (the field's x-ref-fill: our field → expression). */
  refFill?: Record<string, string>;
}

export const SEARCH_DEBOUNCE_MS = 250;

/**
 * Picks one or several records of another page: searches its options endpoint as you type
 * (debounced), and shows the labels of the current value(s) through the shared batched loader.
 */
export default function RefSelect({
  refPage: refPageProp,
  multiple: multipleProp,
  value,
  onChange,
  readOnly,
  disabled,
  placeholder,
  refFilter,
  refDepends,
  refFill,
  ...rest
}: RefSelectProps) {
  const { t } = useTranslation();
  const schema = useFieldSchema() as unknown as Record<string, unknown> | undefined;
  const refPage = refPageProp ?? (typeof schema?.['x-ref'] === 'string' ? (schema['x-ref'] as string) : undefined);
  const multiple = multipleProp ?? (schema?.['x-ref-multiple'] === true || schema?.type === 'array');

  const [query, setQuery] = useState('');
  const [found, setFound] = useState<RefOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);
  const [open, setOpen] = useState(false);
  const seq = useRef(0);

  const selected: Key[] = useMemo(
    () => (value === null || value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
    [value],
  );
  const { labels } = useRefLabels(refPage, selected);
  const parents = useDependsFilter(refDepends ?? (schema?.['x-ref-depends'] as Record<string, string> | undefined));
  const filters = useMemo(() => ({ ...(refFilter ?? {}), ...parents }), [refFilter, parents]);
  useClearWhenParentChanges(refPage, parents, selected, (kept) => emit(multiple ? kept : (kept[0] ?? null)));
  const fillOnPick = useFillOnPick(refPage, refFill ?? (schema?.['x-ref-fill'] as Record<string, string> | undefined));

  // Search while the list is open: at once on opening, then debounced as the text changes.
  useEffect(() => {
    if (!open || !refPage) return undefined;
    const mine = ++seq.current;
    setLoading(true);
    setError(false);
    const timer = setTimeout(
      async () => {
        try {
          const filter = Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, String(v)]));
          const options = await api.get<RefOption[]>(optionsUrl(refPage), { ...filter, q: query.trim() }, { silent: true });
          if (mine !== seq.current) return;
          setFound(options ?? []);
          rememberOptions(refPage, options ?? []);
        } catch {
          if (mine === seq.current) {
            setFound([]);
            setError(true);
          }
        } finally {
          if (mine === seq.current) setLoading(false);
        }
      },
      query ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => clearTimeout(timer);
    // The filters' text is a stable dependency where the object is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, query, refPage, JSON.stringify(filters)]);

  // The current value keeps its own type (number or string); found options match it by text.
  const options = useMemo(() => {
    const seen = new Set<string>();
    const out: { value: Key; label: string }[] = [];
    selected.forEach((v, i) => {
      seen.add(String(v));
      out.push({ value: v, label: labels[i] ?? String(v) });
    });
    for (const o of found) {
      if (seen.has(String(o.value))) continue;
      seen.add(String(o.value));
      out.push({ value: o.value, label: o.label });
    }
    return out;
  }, [selected, labels, found]);

  const emit = (next: Key | Key[] | undefined | null) => {
    if (multiple) onChange?.(Array.isArray(next) ? next : next === undefined || next === null ? [] : [next]);
    else onChange?.(next === undefined || next === null ? null : (next as Key));
  };

  const notFound = loading ? (
    <div style={{ padding: 8, textAlign: 'center' }}>
      <Spin size="small" /> <Typography.Text type="secondary">{t('widgets.refSelect.searching')}</Typography.Text>
    </div>
  ) : error ? (
    <Typography.Text type="danger" style={{ display: 'block', padding: 8 }}>
      {t('widgets.refSelect.loadFailed')}
    </Typography.Text>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('widgets.refSelect.empty')} />
  );

  return (
    <Select<Key | Key[]>
      allowClear={!readOnly}
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      filterOption={false}
      disabled={disabled}
      open={readOnly ? false : undefined}
      placeholder={placeholder ?? t('widgets.refSelect.placeholder')}
      value={multiple ? selected : (selected[0] ?? null)}
      options={options}
      loading={loading}
      searchValue={query}
      onSearch={setQuery}
      onOpenChange={(visible) => {
        setOpen(visible);
        if (!visible) setQuery('');
      }}
      notFoundContent={notFound}
      onChange={(next) => {
        emit(next as Key | Key[] | undefined);
        if (!multiple) fillOnPick((next ?? null) as Key | null);
      }}
      style={{ width: '100%', ...rest.style }}
    />
  );
}
