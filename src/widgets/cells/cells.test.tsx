import { act, fireEvent, render, screen } from '@testing-library/react';
import type { FieldSchema } from '../../shared/schema/types';
import { cellComponents, cellFor } from './index';
import { maskIdentifier } from './Masked';
import { formatPercent } from './Percent';
import { setupTestI18n } from '../test-i18n';

const f = (extra: Partial<FieldSchema> = {}): FieldSchema => ({ type: 'string', title: 'fields.x', ...extra });
const cell = (name: string, value: unknown, field: FieldSchema = f()) => {
  const Cell = cellComponents[name];
  return render(<Cell value={value} field={field} />);
};

beforeAll(() =>
  setupTestI18n('en', {
    enums: { auditStatus: { pending: 'Pending review', approved: 'Approved' }, vehicleType: { van: 'Van', truck: 'Truck' } },
  }),
);
afterEach(() => act(() => setupTestI18n('en')));

describe('cells', () => {
  it('Text: dash for empty, full text in the tooltip', () => {
    cell('Text', '');
    expect(screen.getByText('-')).toBeInTheDocument();
    cell('Text', '华东智运物流有限公司上海分公司');
    expect(screen.getByText('华东智运物流有限公司上海分公司')).toHaveAttribute('title', '华东智运物流有限公司上海分公司');
    expect(screen.getByText('华东智运物流有限公司上海分公司')).toHaveStyle({ textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
  });

  it('StatusTag: translated label in the enum colour, raw value when unknown', () => {
    const field = f({
      enum: ['pending', 'approved', 'odd'],
      'x-enum-labels': 'enums.auditStatus',
      'x-enum-colors': { pending: 'orange', approved: 'green' },
    });
    cell('StatusTag', 'pending', field);
    expect(screen.getByText('Pending review')).toHaveClass('ant-tag-orange');
    cell('StatusTag', 'odd', field);
    expect(screen.getByText('odd')).toHaveClass('ant-tag');
    cell('StatusTag', 'approved', f({ enum: ['approved'], 'x-enum-labels': 'enums.auditStatus' }));
    expect(screen.getByText('Approved')).not.toHaveClass('ant-tag');
  });

  it('Money: ¥ yuan from fen, right-aligned tabular figures', () => {
    cell('Money', 123456789);
    const el = screen.getByText('¥1,234,567.89');
    expect(el).toHaveStyle({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
    cell('Money', -5);
    expect(screen.getByText('¥-0.05')).toBeInTheDocument();
    cell('Money', null);
    expect(screen.getByText('-')).toBeInTheDocument();
  });

  it('DateTime: local time with the relative time as tooltip', () => {
    const when = new Date(Date.now() - 3 * 3600_000 + 300_000);
    when.setMilliseconds(0);
    cell('DateTime', when.toISOString());
    const pad = (n: number) => String(n).padStart(2, '0');
    const text = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())} ${pad(when.getHours())}:${pad(when.getMinutes())}:${pad(when.getSeconds())}`;
    expect(screen.getByText(text)).toHaveAttribute('title', '3 h ago');
  });

  it('Date: the day as stored', () => {
    cell('Date', '2024-02-29');
    expect(screen.getByText('2024-02-29')).toBeInTheDocument();
  });

  it('Boolean: yes and no in the current language', async () => {
    cell('Boolean', true);
    cell('Boolean', 0);
    expect(screen.getByText('Yes')).toBeInTheDocument();
    expect(screen.getByText('No')).toBeInTheDocument();
    await act(() => setupTestI18n('zh'));
    cell('Boolean', false);
    expect(screen.getAllByText('否')).toHaveLength(2);
  });

  it('Tags: one tag per item with enum labels', () => {
    cell(
      'Tags',
      ['van', 'truck', 'other'],
      f({ type: 'array', items: { type: 'string', enum: ['van', 'truck'] }, 'x-enum-labels': 'enums.vehicleType' }),
    );
    expect(screen.getByText('Van')).toHaveClass('ant-tag');
    expect(screen.getByText('Truck')).toHaveClass('ant-tag');
    expect(screen.getByText('other')).toHaveClass('ant-tag');
    cell('Tags', []);
    expect(screen.getByText('-')).toBeInTheDocument();
  });

  it('Image: a 40 px thumbnail', () => {
    cell('Image', '/open-platform/files/2025/03/abc.png', f({ title: 'Logo' }));
    const img = screen.getByAltText('Logo');
    expect(img).toHaveAttribute('src', '/open-platform/files/2025/03/abc.png');
    expect(img).toHaveAttribute('width', '40');
  });

  it('Region: names in the current language', async () => {
    cell('Region', ['440000', '440300']);
    expect(screen.getByText('Shenzhen, Guangdong')).toBeInTheDocument();
    await act(() => setupTestI18n('zh'));
    cell('Region', ['110000', '110100', '110108']);
    expect(screen.getByText('北京市 海淀区')).toBeInTheDocument();
  });

  it('Masked: first 3 and last 4 characters', () => {
    expect(maskIdentifier('110101199003071234')).toBe('110***********1234');
    expect(maskIdentifier('13800000001')).toBe('138****0001');
    expect(maskIdentifier('6222 0212 3456 7890 123')).toBe('622************0123');
    expect(maskIdentifier('12345')).toBe('****5');
    cell('Masked', '13800000001');
    expect(screen.getByText('138****0001')).toBeInTheDocument();
  });

  it('Masked with x-mask: a value the server masked is shown as sent; a real one can be shown in full', () => {
    const masked = f({ 'x-mask': { kind: 'idcard' } });
    const { unmount } = cell('Masked', '3201**********1234', masked);
    expect(screen.getByText('3201**********1234')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    cell('Masked', '320102199001011234', masked);
    expect(screen.getByText('320***********1234')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByText('320102199001011234')).toBeInTheDocument();
  });

  it('write-only fields show dots, never the value', () => {
    const Secret = cellFor(f({ writeOnly: true }));
    render(<Secret value="hunter2" field={f({ writeOnly: true })} />);
    expect(screen.getByText('••••••')).toBeInTheDocument();
    expect(screen.queryByText('hunter2')).toBeNull();
  });

  it('Json: compact, expandable when long', () => {
    cell('Json', { a: 1 });
    expect(screen.getByText('{"a":1}')).toBeInTheDocument();
    const big = { provider: 'aliyun', endpoint: 'https://dysmsapi.aliyuncs.com', templates: { login: 'SMS_0001', reset: 'SMS_0002' } };
    cell('Json', big);
    const button = screen.getByRole('button', { name: 'Expand' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    expect(screen.getByText(/"provider": "aliyun"/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Collapse' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('Percent: fractions as percentages without float noise', () => {
    expect(formatPercent(0.09)).toBe('9%');
    expect(formatPercent(0.07)).toBe('7%');
    expect(formatPercent(0.125)).toBe('12.5%');
    cell('Percent', 0.06);
    expect(screen.getByText('6%')).toBeInTheDocument();
  });

  it('Link: external links open in a new tab safely; unsafe schemes are text', () => {
    cell('Link', 'https://www.example.com/help');
    const ext = screen.getByRole('link', { name: 'https://www.example.com/help' });
    expect(ext).toHaveAttribute('target', '_blank');
    expect(ext).toHaveAttribute('rel', 'noopener noreferrer');
    cell('Link', '#/portalShow/index');
    expect(screen.getByRole('link', { name: '#/portalShow/index' })).not.toHaveAttribute('target');
    cell('Link', 'javascript:alert(1)');
    expect(screen.queryByRole('link', { name: 'javascript:alert(1)' })).toBeNull();
    expect(screen.getByText('javascript:alert(1)')).toBeInTheDocument();
  });
});
