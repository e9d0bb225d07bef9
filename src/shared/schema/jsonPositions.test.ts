import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, parseWithPositions, scanJson } from './jsonPositions';

function jsonFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return jsonFiles(p);
    return e.name.endsWith('.json') ? [p] : [];
  });
}

function outcome(read: () => { value: unknown; positions: unknown }) {
  try {
    const parsed = read();
    return { value: parsed.value, positions: parsed.positions };
  } catch (err) {
    if (!(err instanceof JsonSyntaxError)) return { threw: String(err) };
    return { syntax: err.message, at: err.position };
  }
}

const EDGES = [
  '{"a": 1, "a": {"b": [1, 2.5e+3, -0, 1E2, true, null]}, "c": "\\u00e9\\n"}',
  '{"__proto__": {"polluted": 1}, "x": 2}',
  `{"n": ${'1'.repeat(70)}}`,
  `{"n": 0.${'5'.repeat(62)}}`,
  '\uFEFF{"a": 1}',
  '{"a":\u00a01}',
  '{"a": [1, 2,]}',
  '{"a": 1,}',
  '{"a" 1}',
  '{"a": "open',
  '{"a": 1} {"b": 2}',
  '{"a": 01}',
  '',
  '[]',
];

describe('reading JSON with positions', () => {
  it('reads every schema file as the scan does, with the same positions', () => {
    const files = jsonFiles(path.resolve('src/schemas'));
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      expect(
        outcome(() => parseWithPositions(text)),
        file,
      ).toStrictEqual(outcome(() => scanJson(text)));
    }
  });

  it('reads odd and broken texts as the scan does, and tells the same syntax errors', () => {
    for (const text of EDGES)
      expect(
        outcome(() => parseWithPositions(text)),
        text,
      ).toStrictEqual(outcome(() => scanJson(text)));
    expect(Object.getPrototypeOf(parseWithPositions(EDGES[1]).value)).toStrictEqual(Object.getPrototypeOf(scanJson(EDGES[1]).value));
  });
});
