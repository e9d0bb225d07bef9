import { useMemo } from 'react';
import { Cascader } from 'antd';
import type { CascaderProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { REGIONS, regionCodes, regionName, type RegionNode } from '../shared/regions';
import type { FieldControlProps } from './types';

interface RegionOption {
  value: string;
  label: string;
  /** The other language's name, so a search in pinyin finds Chinese names and the other way round. */
  alt: string;
  children?: RegionOption[];
}

export interface RegionCascaderProps
  extends FieldControlProps<string[] | null>,
    Omit<CascaderProps<RegionOption>, 'value' | 'onChange' | 'options' | 'multiple'> {
  /** Allow picking a province or city without going down to the district. */
  changeOnSelect?: boolean;
}

function toOptions(nodes: RegionNode[], lang: string): RegionOption[] {
  const zh = lang.startsWith('zh');
  return nodes.map((n) => ({
    value: n.code,
    label: regionName(n, lang),
    alt: zh ? n.en : n.zh,
    ...(n.children ? { children: toOptions(n.children, lang) } : {}),
  }));
}

const matches = (input: string, option: RegionOption) => {
  const q = input.trim().toLowerCase();
  return option.label.toLowerCase().includes(q) || option.alt.toLowerCase().includes(q) || option.value.startsWith(q);
};

/** Province / city / district picker; the value is the GB/T 2260 codes, e.g. ['440000', '440100', '440106']. */
export default function RegionCascader({ value, onChange, readOnly, disabled, placeholder, ...rest }: RegionCascaderProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language ?? 'zh';
  const options = useMemo(() => toOptions(REGIONS, lang), [lang]);
  const codes = regionCodes(value);
  return (
    <Cascader<RegionOption>
      {...rest}
      options={options}
      value={codes.length ? codes : undefined}
      disabled={disabled}
      open={readOnly ? false : undefined}
      placeholder={placeholder ?? t('widgets.region.placeholder')}
      notFoundContent={t('widgets.region.notFound')}
      showSearch={{ filter: (input, path) => path.some((o) => matches(input, o)), limit: 50 }}
      onChange={(next) => onChange?.(next && next.length ? (next as string[]).map(String) : null)}
      style={{ width: '100%', ...rest.style }}
    />
  );
}
