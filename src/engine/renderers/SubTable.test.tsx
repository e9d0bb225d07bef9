import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createForm, type Field } from '@formily/core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { App } from 'antd';
import { SchemaForm, showFieldErrors } from './SchemaForm';
import { ItemsTable } from '../../widgets/cells/Items';
import { cellFor, detailCellFor } from '../../widgets/cells';
import { fromFormValues } from '../schema/formValues';
import { setupTestI18n } from '../../widgets/test-i18n';
import type { PageSchema } from '../../shared/schema/types';

const server = setupServer(
  http.get('*/open-platform/data/:page/options', () => HttpResponse.json({ status: 0, msg: 'success', data: [] })),
);
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await setupTestI18n('en', {
    engine: { subTable: { add: 'Add row', operations: 'Actions', moveUp: 'Move up', moveDown: 'Move down', remove: 'Remove row' } },
    plan: { title: 'Price plan', tiers: 'Tiers', from: 'From', to: 'To', price: 'Unit price', name: 'Name' },
  });
});
afterAll(() => server.close());

const page: PageSchema = {
  id: 'billingDemo/pricePlan',
  kind: 'crud',
  title: 'plan.title',
  resource: { table: 'demo_price_plan', label: 'name' },
  model: {
    type: 'object',
    required: ['name', 'tiers'],
    properties: {
      name: { type: 'string', title: 'plan.name', 'x-component': 'Input' },
      tiers: {
        type: 'array',
        title: 'plan.tiers',
        maxItems: 5,
        items: {
          type: 'object',
          required: ['fromCount', 'unitPriceFen'],
          properties: {
            fromCount: { type: 'integer', title: 'plan.from', minimum: 0 },
            toCount: { type: 'integer', title: 'plan.to', minimum: 1 },
            unitPriceFen: { type: 'integer', title: 'plan.price', minimum: 0, 'x-component': 'Money', 'x-cell': 'Money' },
          },
        },
      },
    },
  },
  list: { columns: ['name', 'tiers'] },
};

// Queries by role pass `hidden: true`: testing-library's visibility check computes every ancestor's
// style for each element, which over an antd table in jsdom took seconds a query. What hides an element
// here is `aria-hidden` (antd's measure row), filtered out by hand.
const shown = (els: HTMLElement[]) => els.filter((e) => e.closest('.sub-table') && !e.closest('[aria-hidden="true"]'));
const spinbuttons = (row: HTMLElement) => within(row).getAllByRole('spinbutton', { hidden: true });
const rows = () =>
  shown(screen.getAllByRole('row', { hidden: true })).filter((r) => within(r).queryAllByRole('spinbutton', { hidden: true }).length > 0);

describe('the sub-table of an array of objects', () => {
  // Each test renders and acts little: an antd table inside a Formily form re-renders slowly in jsdom.
  const SLOW = 200_000;
  const mount = (tiers: unknown[]) => {
    const form = createForm<Record<string, unknown>>({ initialValues: { name: 'Standard', tiers } });
    render(
      <App>
        <SchemaForm form={form} page={page} mode="create" />
      </App>,
    );
    return form;
  };

  it(
    'shows one column per sub-field and adds a row whose cells write the value',
    async () => {
      const form = mount([{ fromCount: 0, toCount: 100, unitPriceFen: 10 }]);
      const headers = shown(screen.getAllByRole('columnheader', { hidden: true })).map((h) => h.textContent);
      expect(headers.filter(Boolean)).toEqual(['#', 'From', 'To', 'Unit price', 'Actions']);
      expect(rows()).toHaveLength(1);
      expect(spinbuttons(rows()[0])[2]).toHaveValue('0.10');
      fireEvent.click(screen.getByRole('button', { name: /Add row/, hidden: true }));
      expect(rows()).toHaveLength(2);
      const [from, , price] = spinbuttons(rows()[1]);
      // Plain DOM events: user-event's pointer simulation over an antd table is very slow in jsdom.
      fireEvent.change(from, { target: { value: '101' } });
      fireEvent.change(price, { target: { value: '0.08' } });
      expect((form.values.tiers as unknown[])[1]).toMatchObject({ fromCount: 101, unitPriceFen: 8 });
    },
    SLOW,
  );

  it(
    'refuses an empty required cell at that cell, not at the table',
    async () => {
      const form = mount([{ fromCount: 0, unitPriceFen: 10 }, { toCount: 5 }]);
      await act(async () => {
        await form.validate().catch(() => undefined);
      });
      const errorsAt = (path: string) => (form.query(path).take() as Field | undefined)?.selfErrors ?? [];
      expect(errorsAt('tiers.1.fromCount').length).toBeGreaterThan(0);
      expect(errorsAt('tiers.1.unitPriceFen').length).toBeGreaterThan(0);
      expect(errorsAt('tiers.1.toCount')).toEqual([]);
      expect(errorsAt('tiers.0.fromCount')).toEqual([]);
    },
    SLOW,
  );

  it(
    'moves a row up and removes a row; the body sent holds only the sub-fields',
    async () => {
      const form = mount([{ fromCount: 0, toCount: 100, unitPriceFen: 10 }, { fromCount: 101, unitPriceFen: 8 }, { fromCount: 7 }]);
      fireEvent.click(within(rows()[1]).getByTitle('Move up'));
      expect((form.values.tiers as { fromCount?: number }[]).map((r) => r.fromCount)).toEqual([101, 0, 7]);
      fireEvent.click(within(rows()[2]).getByTitle('Remove row'));
      expect(rows()).toHaveLength(2);
      expect(fromFormValues(page.model!.properties, form.values).tiers).toEqual([
        { fromCount: 101, unitPriceFen: 8 },
        { fromCount: 0, toCount: 100, unitPriceFen: 10 },
      ]);
    },
    SLOW,
  );

  it('shows the server’s cell errors on their cells', async () => {
    const form = createForm<Record<string, unknown>>({
      initialValues: {
        name: 'x',
        tiers: [
          { fromCount: 0, unitPriceFen: 1 },
          { fromCount: 5, unitPriceFen: 2 },
        ],
      },
    });
    render(
      <App>
        <SchemaForm form={form} page={page} mode="create" />
      </App>,
    );
    await act(async () => {
      showFieldErrors(form, { 'tiers.1.fromCount': 'Tiers, row 2: From overlaps row 1' });
    });
    expect(await screen.findByText('Tiers, row 2: From overlaps row 1')).toBeInTheDocument();
  }, 200_000);

  it('reads as a table in the detail view and as one line in a list cell', () => {
    const value = [
      { fromCount: 0, toCount: 100, unitPriceFen: 10 },
      { fromCount: 101, unitPriceFen: 8 },
    ];
    const f = page.model!.properties.tiers;
    expect(detailCellFor(f)).toBe(ItemsTable);
    const { unmount } = render(<ItemsTable value={value} field={f} />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'From', 'To', 'Unit price']);
    expect(within(table).getByText('¥0.08')).toBeInTheDocument();
    unmount();
    const Cell = cellFor(f);
    render(<Cell value={value} field={f} />);
    expect(screen.getByText('0 / 100 / ¥0.10; 101 / - / ¥0.08')).toBeInTheDocument();
  });
});
