import { describe, expect, it } from 'vitest';
import { lineDiff } from './lineDiff';

describe('line diff of two versions', () => {
  it('keeps common lines and marks removed and added ones in order', () => {
    const d = lineDiff('{\n  "title": "a",\n  "kind": "crud"\n}', '{\n  "title": "b",\n  "kind": "crud",\n  "x": 1\n}');
    expect(d.map((l) => `${l.op}${l.text}`)).toEqual([
      ' {',
      '-  "title": "a",',
      '-  "kind": "crud"',
      '+  "title": "b",',
      '+  "kind": "crud",',
      '+  "x": 1',
      ' }',
    ]);
  });
  it('finds no change between equal texts', () => {
    expect(lineDiff('a\nb', 'a\nb').every((l) => l.op === ' ')).toBe(true);
  });
});
