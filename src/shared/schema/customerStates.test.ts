import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validatePageSchema } from './validate';
import { pageForCustomer } from './model';
import type { PageSchema } from './types';
import { applyDefaults, applyLibrary, parseLibrary } from './fieldLibrary';

// The page as it is checked: its file names fields of the field library.
const library = parseLibrary(JSON.parse(readFileSync('src/schemas/_fields.json', 'utf8')));
const order = applyDefaults(
  applyLibrary(JSON.parse(readFileSync('src/schemas/tms/order/order_manage.json', 'utf8')), library),
) as unknown as PageSchema;

describe('states for customer organisations (customerEditableIn, customerFrom)', () => {
  it('narrow the page a customer user has, and leave the platform’s page alone', () => {
    const mine = pageForCustomer(order);
    expect(mine.states!.editableIn).toEqual(['pending']);
    expect(mine.states!.transitions.find((t) => t.name === 'cancel')!.from).toEqual(['pending']);
    expect(mine.states!.transitions.find((t) => t.name === 'dispatch')!.from).toEqual(
      order.states!.transitions.find((t) => t.name === 'dispatch')!.from,
    );
    expect(order.states!.editableIn).toEqual(['pending', 'dispatched']);
    expect(pageForCustomer(order)).toBe(mine);
  });

  it('may only narrow: a state outside editableIn or from is refused with what to write', () => {
    const wider = structuredClone(order);
    wider.states!.customerEditableIn = ['completed'];
    wider.states!.transitions.find((t) => t.name === 'cancel')!.customerFrom = ['inTransit'];
    const errors = validatePageSchema(wider);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringContaining('states.customerEditableIn: "completed" is not in editableIn'),
        expect.stringMatching(/^\/states\/transitions\/\d+\/customerFrom\/0: transition "cancel": "inTransit" is not in its from/),
      ]),
    );
    expect(validatePageSchema(order)).toEqual([]);
  });
});
