import { describe, expect, it } from 'vitest';
import type { PageSchema } from '../../shared/schema/types.js';
import { demoRowErrors } from './demoRows.js';
import { validateRecord } from '../data/validateBody.js';
import { AppError } from '../errors.js';

const ledger = (demo: Record<string, unknown>[]): PageSchema =>
  ({
    id: 'shop/ledger',
    kind: 'log',
    title: 'pages.shop.ledger.title',
    resource: { table: 't_shop_ledger', label: 'ref' },
    model: {
      type: 'object',
      required: ['ref', 'balanceFen'],
      properties: {
        ref: { type: 'string', title: 'pages.shop.ledger.fields.ref' },
        amountFen: { type: 'integer', title: 'pages.shop.ledger.fields.amountFen' },
        balanceFen: { type: 'integer', title: 'pages.shop.ledger.fields.balanceFen', readOnly: true },
      },
    },
    list: { columns: ['ref', 'balanceFen'] },
    demo,
  }) as PageSchema;

describe('demo rows', () => {
  it('may set read-only fields (a ledger shows its balances)', () => {
    expect(
      demoRowErrors(
        ledger([
          { ref: 'A1', amountFen: 500, balanceFen: 500 },
          { ref: 'A2', amountFen: -200, balanceFen: 300 },
        ]),
      ),
    ).toEqual([]);
  });

  it('name the field a row must not hold, with the one probably meant', () => {
    expect(demoRowErrors(ledger([{ ref: 'A1', balanceFem: 1 }]))).toEqual([
      '/demo/0/balanceFem: unknown field "balanceFem"; did you mean balanceFen?',
    ]);
    expect(demoRowErrors(ledger([{ ref: 'A1', balanceFen: 'x' }]))[0]).toMatch(/^\/demo\/0\/balanceFen: must be integer/);
  });

  it('is the only way to set them: a request with a read-only field is refused', () => {
    let err: AppError | undefined;
    try {
      validateRecord(ledger([]), 'create', { ref: 'A3', balanceFen: 99_999_00 });
    } catch (e) {
      err = e as AppError;
    }
    expect(err?.fieldErrors?.balanceFen?.key).toBe('server.validation.field.additionalProperties');
  });
});
