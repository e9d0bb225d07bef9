import { useEffect, useRef, useState } from 'react';
import { Input, Typography } from 'antd';
import type { TextAreaProps } from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import type { FieldControlProps } from './types';

export interface JsonEditorProps extends FieldControlProps<unknown>, Omit<TextAreaProps, 'value' | 'onChange'> {
  /** Accept any JSON value, not only objects. */
  anyJson?: boolean;
}

const pretty = (v: unknown) => (v === undefined || v === null ? '' : JSON.stringify(v, null, 2));

/**
 * JSON typed as text for object fields. The value changes only when the text parses (to an object,
 * unless anyJson); while it does not, the text is kept and the parse error shows under it.
 * An empty text is null.
 */
export default function JsonEditor({ value, onChange, anyJson, readOnly, disabled, placeholder, ...rest }: JsonEditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => pretty(value));
  const [error, setError] = useState<string | null>(null);
  // The last value this editor emitted: an equal value coming back must not reformat the text.
  const emitted = useRef<string>(JSON.stringify(value ?? null));

  useEffect(() => {
    const incoming = JSON.stringify(value ?? null);
    if (incoming !== emitted.current) {
      emitted.current = incoming;
      setText(pretty(value));
      setError(null);
    }
  }, [value]);

  function change(next: string) {
    setText(next);
    if (!next.trim()) {
      setError(null);
      emitted.current = 'null';
      onChange?.(null);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(next);
    } catch (e) {
      setError(t('widgets.json.invalid', { message: (e as Error).message }));
      return;
    }
    if (!anyJson && (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))) {
      setError(t('widgets.json.notObject'));
      return;
    }
    setError(null);
    emitted.current = JSON.stringify(parsed);
    onChange?.(parsed);
  }

  return (
    <div>
      <Input.TextArea
        autoSize={{ minRows: 4, maxRows: 16 }}
        spellCheck={false}
        {...rest}
        readOnly={readOnly}
        disabled={disabled}
        status={error ? 'error' : undefined}
        aria-invalid={Boolean(error)}
        placeholder={placeholder ?? t('widgets.json.placeholder')}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12, ...rest.style }}
        value={text}
        onChange={(e) => change(e.target.value)}
      />
      {error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', fontSize: 12 }}>
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
