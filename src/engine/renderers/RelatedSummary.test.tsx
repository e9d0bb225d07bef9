import { fireEvent, render, screen, within } from '@testing-library/react';
import { SummaryTable } from './RelatedSummary';
import { setupTestI18n } from '../../widgets/test-i18n';
import type { RelatedSummaryAnswer } from '../data/pageApi';

beforeAll(() =>
  setupTestI18n('en', {
    engine: {
      list: { actions: 'Actions' },
      cfg: { none: 'Not configured', configure: 'Configure' },
      related: {
        summary: {
          page: 'Page',
          state: 'Configured',
          count: '{{count}}',
          none: 'None',
          add: 'Add',
          changed: 'Last changed',
          view: 'View',
          empty: 'No page you may read',
        },
      },
    },
  }),
);

const data: RelatedSummaryAnswer = {
  columns: [
    { field: 'provider', title: 'Provider' },
    { field: 'status', title: 'Status' },
  ],
  lines: [
    {
      page: 'cfg/alert',
      title: 'Alert',
      count: 1,
      canCreate: true,
      latest: {
        id: 7,
        updatedAt: '2025-06-01T08:00:00Z',
        cells: { provider: { value: 'sandbox', text: 'Sandbox' }, status: { value: 'enabled', text: 'Enabled', color: 'green' } },
      },
    },
    { page: 'cfg/bank', title: 'Bank', count: 0, canCreate: true, latest: null },
    { page: 'cfg/sms', title: 'SMS', count: 0, canCreate: false, latest: null },
  ],
};
const paths = new Map([
  ['cfg/alert', '/cfg/alert'],
  ['cfg/bank', '/cfg/bank'],
  ['cfg/sms', '/cfg/sms'],
]);
const row = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

describe('the tab of a relation group', () => {
  it('shows a line per page: configured or not, the latest record’s columns, and links held to the parent', () => {
    const opened: string[] = [];
    render(
      <SummaryTable
        group={{ name: 'services', noneTitle: 'engine.cfg.none', createTitle: 'engine.cfg.configure' }}
        data={data}
        loading={false}
        paths={paths}
        lock="?parent=C1001&parentField=partyCode"
        onOpen={(to) => opened.push(to)}
      />,
    );
    expect(screen.getByTestId('related-services')).toBeTruthy();
    const alert = row('Alert');
    expect(within(alert).getByText('1')).toBeTruthy();
    expect(within(alert).getByText('Sandbox')).toBeTruthy();
    expect(within(alert).getByText('Enabled')).toBeTruthy();
    // A configured service is viewed, not configured again.
    expect(within(alert).queryByRole('button', { name: 'Configure' })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'View' }));
    fireEvent.click(within(alert).getByText('Alert'));
    const bank = row('Bank');
    expect(within(bank).getByText('Not configured')).toBeTruthy();
    fireEvent.click(within(bank).getByRole('button', { name: 'Configure' }));
    // Without the right to add, nothing is offered.
    expect(within(row('SMS')).queryByRole('button')).toBeNull();
    expect(within(row('SMS')).getByText('Not configured')).toBeTruthy();
    expect(opened).toEqual([
      '/cfg/alert/detail/7?parent=C1001&parentField=partyCode',
      '/cfg/alert?parent=C1001&parentField=partyCode',
      '/cfg/bank/add?parent=C1001&parentField=partyCode',
    ]);
  });

  it('says so when the caller may read none of the pages', () => {
    render(
      <SummaryTable
        group={{ name: 'services' }}
        data={{ columns: [], lines: [] }}
        loading={false}
        paths={paths}
        lock=""
        onOpen={() => undefined}
      />,
    );
    expect(screen.getByText('No page you may read')).toBeTruthy();
  });
});
