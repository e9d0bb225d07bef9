import { useMemo } from 'react';
import { DatePicker } from 'antd';
import type { TimeRangePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { pastRangePresets } from '../utils/datePresets';
import './dayjsLocales';
import type { FieldControlProps } from './types';

export type IsoRange = [string, string];

export interface DateRangeProps
  extends FieldControlProps<IsoRange | null>,
    Omit<TimeRangePickerProps, 'value' | 'onChange' | 'presets' | 'showTime' | 'disabled'> {
  /** Pick times too; without it the range runs from the start of the first day to the end of the last. */
  showTime?: boolean;
  /** Offer the "last week / month / three months" shortcuts (default on). */
  presets?: boolean;
}

const toDayjs = (value: IsoRange | null | undefined): [Dayjs, Dayjs] | null => {
  if (!Array.isArray(value) || value.length !== 2 || !value[0] || !value[1]) return null;
  const a = dayjs(value[0]);
  const b = dayjs(value[1]);
  return a.isValid() && b.isValid() ? [a, b] : null;
};

/** A time range stored as two ISO 8601 instants, [start, end]; cleared to null. */
export default function DateRange({ value, onChange, showTime, presets = true, readOnly, placeholder, ...rest }: DateRangeProps) {
  const { t } = useTranslation();
  const rangePresets = useMemo(
    () =>
      presets
        ? pastRangePresets().map((p) => ({ label: t(p.key), value: [dayjs(p.range[0]), dayjs(p.range[1])] as [Dayjs, Dayjs] }))
        : undefined,
    [presets, t],
  );
  return (
    <DatePicker.RangePicker
      {...rest}
      showTime={showTime ? { format: 'HH:mm:ss' } : undefined}
      format={showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD'}
      value={toDayjs(value)}
      presets={rangePresets}
      open={readOnly ? false : undefined}
      inputReadOnly={readOnly}
      allowEmpty={[false, false]}
      placeholder={placeholder ?? [t('widgets.dateRange.start'), t('widgets.dateRange.end')]}
      onChange={(range) => {
        if (!range || !range[0] || !range[1]) return onChange?.(null);
        const [a, b] = showTime ? [range[0], range[1]] : [range[0].startOf('day'), range[1].endOf('day')];
        onChange?.([a.toISOString(), b.toISOString()]);
      }}
      style={{ width: '100%', ...rest.style }}
    />
  );
}
