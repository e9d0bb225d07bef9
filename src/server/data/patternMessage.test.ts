import { describe, expect, it } from 'vitest';
import type { PageSchema } from '../../shared/schema/types.js';
import { formilyField } from '../../engine/schema/formily.js';
import { validateRecord } from './validateBody.js';
import { AppError } from '../errors.js';

const page = (extra: Record<string, unknown>): PageSchema =>
  ({
    id: 'shop/contact',
    kind: 'crud',
    title: 'pages.shop.contact.title',
    resource: { table: 't_shop_contact', label: 'mobile' },
    model: {
      type: 'object',
      properties: { mobile: { type: 'string', title: 'pages.shop.contact.fields.mobile', pattern: '^1[3-9]\\d{9}$', ...extra } },
    },
    list: { columns: ['mobile'] },
  }) as PageSchema;

const t = (key: string, params?: Record<string, unknown>) => `${key}${params ? JSON.stringify(params) : ''}`;

function serverError(p: PageSchema): { key: string; params?: Record<string, unknown> } | undefined {
  try {
    validateRecord(p, 'create', { mobile: '12' });
  } catch (err) {
    return (err as AppError).fieldErrors?.mobile;
  }
  return undefined;
}

function formMessage(p: PageSchema): unknown {
  const schema = formilyField(p, 'mobile', p.model!.properties.mobile, 'create', t, false) as {
    'x-validator': { pattern?: string; message?: string }[];
  };
  return schema['x-validator'].find((r) => r && typeof r === 'object' && 'pattern' in r)?.message;
}

describe('x-pattern-message', () => {
  it('gives the page its own message for a refused pattern, in the form and on the server', () => {
    const p = page({ 'x-pattern-message': 'pages.shop.contact.mobilePattern' });
    expect(formMessage(p)).toBe('pages.shop.contact.mobilePattern{"example":"13123456789"}');
    expect(serverError(p)).toMatchObject({ key: 'pages.shop.contact.mobilePattern', params: { example: '13123456789' } });
  });

  it('keeps the generic message with a sample when the page names none', () => {
    const p = page({ examples: ['13800000000'] });
    expect(formMessage(p)).toBe('validation.rule.patternExample{"example":"13800000000"}');
    expect(serverError(p)).toMatchObject({ key: 'server.validation.field.patternExample', params: { example: '13800000000' } });
  });
});
