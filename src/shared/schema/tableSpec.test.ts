import { describe, expect, it } from 'vitest';
import { withoutRedundantIndexes } from './tableSpec';

describe('withoutRedundantIndexes', () => {
  it('leaves out an index that a longer one leads, and repeats', () => {
    expect(
      withoutRedundantIndexes([
        { columns: ['partyCode'] },
        { columns: ['calledAt'] },
        { columns: ['partyCode', 'calledAt'] },
        { columns: ['partyCode', 'service', 'calledAt'] },
        { columns: ['calledAt'] },
        { columns: ['service', 'calledAt'] },
      ]),
    ).toEqual([
      { columns: ['calledAt'] },
      { columns: ['partyCode', 'calledAt'] },
      { columns: ['partyCode', 'service', 'calledAt'] },
      { columns: ['service', 'calledAt'] },
    ]);
  });

  it('keeps every unique index, and drops a plain one a unique index of the same columns serves', () => {
    expect(
      withoutRedundantIndexes([{ columns: ['code'] }, { columns: ['code'], unique: true }, { columns: ['code', 'day'], unique: true }]),
    ).toEqual([
      { columns: ['code'], unique: true },
      { columns: ['code', 'day'], unique: true },
    ]);
  });

  it('drops a plain index that unique columns lead: a value of them finds one row', () => {
    expect(
      withoutRedundantIndexes(
        [
          { columns: ['requestId', 'consumedAt'] },
          { columns: ['code', 'day', 'at'] },
          { columns: ['code'] },
          { columns: ['code', 'day'], unique: true },
        ],
        ['requestId'],
      ),
    ).toEqual([{ columns: ['code', 'day'], unique: true }]);
    // Led by another column, it stays.
    expect(withoutRedundantIndexes([{ columns: ['partyCode', 'requestId'] }], ['requestId'])).toEqual([
      { columns: ['partyCode', 'requestId'] },
    ]);
  });

  it('keeps an index whose columns are another’s in another order', () => {
    const both = [{ columns: ['day', 'code'] }, { columns: ['code', 'day'] }];
    expect(withoutRedundantIndexes(both)).toEqual(both);
  });
});
