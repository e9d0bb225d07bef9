import { describe, expect, it } from 'vitest';
import { formilyField } from './formily';
import type { FieldSchema, PageSchema } from '../../shared/schema/types';

const page = { id: 'x/y', kind: 'crud', title: 't', model: { type: 'object', properties: {} } } as unknown as PageSchema;
const t = (k: string) => k;

function failures(f: FieldSchema, mode: 'create' | 'update', value: string): string[] {
  const field = formilyField(page, 'card', f, mode, t, false);
  const out: string[] = [];
  for (const v of field['x-validator'] as unknown[]) {
    if (typeof v === 'function') {
      const msg = (v as (x: unknown) => string)(value);
      if (msg) out.push(msg);
    } else if ((v as { pattern?: string }).pattern && !new RegExp((v as { pattern: string }).pattern).test(value))
      out.push((v as { message: string }).message);
  }
  return out;
}

describe('masked fields in an edit form', () => {
  const card: FieldSchema = { type: 'string', title: 'card', format: 'bankcard', maxLength: 19, 'x-mask': { kind: 'bankcard' } };
  const cert: FieldSchema = { type: 'string', title: 'cert', pattern: '^\\d{12}$', 'x-mask': { kind: 'idcard' } };

  it('lets the masked value shown back through on edit, and checks it when creating', () => {
    expect(failures(card, 'update', '6222***********0123')).toEqual([]);
    expect(failures(cert, 'update', '1234****9012')).toEqual([]);
    expect(failures(card, 'create', '6222***********0123')).not.toEqual([]);
    expect(failures(cert, 'create', '1234****9012')).not.toEqual([]);
  });

  it('still checks a value typed in on edit', () => {
    expect(failures(card, 'update', '12345')).not.toEqual([]);
    expect(failures(cert, 'update', '12345')).not.toEqual([]);
    expect(failures(cert, 'update', '123456789012')).toEqual([]);
  });
});
