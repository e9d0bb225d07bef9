import { sortRecords } from './sortRecords';

const rows = [
  { id: 1, version: 1, name: 'b', amount: 30, ok: true, at: null },
  { id: 2, version: 1, name: 'a', amount: 10, ok: false, at: '2026-01-02T00:00:00.000Z' },
  { id: 3, version: 1, name: 'b', amount: 20, ok: true, at: '2026-01-01T00:00:00.000Z' },
];

describe('sorting the rows a list holds', () => {
  it('sorts by the field, then by id in the same direction', () => {
    expect(sortRecords(rows, 'name').map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortRecords(rows, '-name').map((r) => r.id)).toEqual([3, 1, 2]);
  });

  it('orders numbers as numbers and booleans false first', () => {
    expect(sortRecords(rows, 'amount').map((r) => r.id)).toEqual([2, 3, 1]);
    expect(sortRecords(rows, 'ok').map((r) => r.id)).toEqual([2, 1, 3]);
  });

  it('puts nulls first ascending and last descending, as SQLite does', () => {
    expect(sortRecords(rows, 'at').map((r) => r.id)).toEqual([1, 3, 2]);
    expect(sortRecords(rows, '-at').map((r) => r.id)).toEqual([2, 3, 1]);
  });

  it('leaves the given array alone', () => {
    sortRecords(rows, '-amount');
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });
});
