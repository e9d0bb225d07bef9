import { useEffect, useRef } from 'react';

/**
 * A row's selection box in antd's checkbox markup (its stylesheet draws it): one input and two
 * spans where antd's Checkbox is several components with a click wave, once per row.
 */
export function SelectBox({
  hash,
  checked,
  indeterminate = false,
  label,
  onChange,
}: {
  hash: string;
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  // "Some selected" has no attribute: only the element's property says it to a screen reader.
  useEffect(() => {
    if (input.current) input.current.indeterminate = indeterminate;
  }, [indeterminate]);
  const on = checked ? ' ant-checkbox-wrapper-checked' : '';
  const state = checked ? ' ant-checkbox-checked' : indeterminate ? ' ant-checkbox-indeterminate' : '';
  return (
    <label className={`ant-checkbox-wrapper${on} ${hash}`}>
      <span className={`ant-checkbox${state} ${hash}`}>
        <input
          ref={input}
          type="checkbox"
          className="ant-checkbox-input"
          aria-label={label}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="ant-checkbox-inner" />
      </span>
    </label>
  );
}
