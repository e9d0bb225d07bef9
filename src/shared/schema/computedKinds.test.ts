import { describe, expect, it } from 'vitest';
import { validatePageSchema } from './validate';
import type { PageSchema } from './types';

/** An inspection page whose due date is computed from the inspection date. */
const inspection = (
  due: Record<string, unknown>,
  days: Record<string, unknown> = {
    type: 'integer',
    title: 'fields.sort',
    readOnly: true,
    'x-computed': { stored: false, expr: 'daysBetween($today, dueOn)' },
  },
) =>
  ({
    id: 'fleet/inspection',
    kind: 'crud',
    title: 'pages.fleet.inspection.title',
    resource: { table: 'fl_inspection', label: 'plate' },
    model: {
      type: 'object',
      properties: {
        plate: { type: 'string', title: 'fields.name' },
        inspectedOn: { type: 'string', format: 'date', title: 'fields.date' },
        intervalDays: { type: 'integer', title: 'fields.sort' },
        dueOn: { type: 'string', format: 'date', title: 'fields.date', readOnly: true, 'x-computed': { stored: true, ...due } },
        daysLeft: days,
      },
    },
    list: { columns: ['plate'] },
  }) as unknown as PageSchema;

describe('a computed field is checked against its type and format when the schema loads', () => {
  it('accepts date arithmetic that gives a date, and days between dates for a number', () => {
    expect(validatePageSchema(inspection({ expr: 'addDays(inspectedOn, intervalDays)' }))).toEqual([]);
    expect(validatePageSchema(inspection({ expr: 'inspectedOn ? addMonths(inspectedOn, 12) : null' }))).toEqual([]);
  });

  it('refuses a number added to a date, which would join them as text, with the function to use', () => {
    expect(validatePageSchema(inspection({ expr: 'inspectedOn + 10000' }))).toEqual([
      'model.dueOn.x-computed.expr: "inspectedOn + 10000" adding a number to a date joins them as text ("2026-11-24" + 10 gives "2026-11-2410"); write addDays(date, n)',
    ]);
    expect(
      validatePageSchema(
        inspection(
          { expr: 'addDays(inspectedOn, 3)' },
          { type: 'integer', title: 'fields.sort', readOnly: true, 'x-computed': { stored: false, expr: 'dueOn - inspectedOn' } },
        ),
      ),
    ).toEqual([
      'model.daysLeft.x-computed.expr: "dueOn - inspectedOn" dates cannot be subtracted; write daysBetween(from, to) for the days between them',
    ]);
  });

  it('refuses a value of another kind than the field holds', () => {
    expect(validatePageSchema(inspection({ expr: 'intervalDays * 2' }))).toEqual([
      'model.dueOn.x-computed.expr: "intervalDays * 2" gives a number but the field holds a date (YYYY-MM-DD); compute a date with addDays(date, n), addMonths(date, n) or date(dateTime)',
    ]);
    expect(
      validatePageSchema(
        inspection(
          { expr: 'addDays(inspectedOn, 3)' },
          { type: 'integer', title: 'fields.sort', readOnly: true, 'x-computed': { stored: false, expr: '$today' } },
        ),
      ),
    ).toEqual([
      'model.daysLeft.x-computed.expr: "$today" gives a date (YYYY-MM-DD) but the field holds a number; daysBetween(from, to) gives the days between two dates',
    ]);
  });
});
