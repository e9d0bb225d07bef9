import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { patternExample } from './patternExample';

const sample = (pattern: string, extra: Record<string, unknown> = {}) => patternExample({ pattern, ...extra });

describe('patternExample', () => {
  it('makes a sample from simple patterns, one the pattern accepts', () => {
    expect(sample('^HZ\\d{5}$')).toBe('HZ12345');
    expect(sample('^\\d{12}$')).toBe('123456789012');
    expect(sample('^[A-Z0-9-]{2,20}$')).toBe('AB');
    expect(sample('^[A-Za-z][A-Za-z0-9_]*$')).toBe('A');
    expect(sample('^(GH|CY)\\d{3}$')).toBe('GH123');
    expect(sample('^\\d{4}-(0[1-9]|1[0-2])$')).toBe('1234-01');
    expect(sample('^1[3-9]\\d{9}$')).toBe('13123456789');
  });

  it('prefers the schema’s own example or placeholder when the pattern accepts it', () => {
    expect(sample('^HZ\\d{5}$', { examples: ['HZ10001'] })).toBe('HZ10001');
    expect(sample('^HZ\\d{5}$', { 'x-component-props': { placeholder: 'HZ20002' } })).toBe('HZ20002');
    expect(sample('^HZ\\d{5}$', { 'x-component-props': { placeholder: '请输入' } })).toBe('HZ12345');
  });

  it('gives none for patterns it cannot read rather than a wrong one', () => {
    expect(sample('^(?!admin$)[a-z]+$')).toBeUndefined();
    expect(sample('^(a)\\1$')).toBeUndefined();
    expect(sample('[')).toBeUndefined();
    expect(patternExample({})).toBeUndefined();
  });

  it('has a sample for nearly every pattern the shipped schemas use', () => {
    const patterns: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (name.endsWith('.json'))
          JSON.stringify(JSON.parse(readFileSync(file, 'utf8')), (k, v) => {
            // `fields` (an object, not a section's list) holds the field library's definitions.
            if ((k === 'properties' || (k === 'fields' && !Array.isArray(v))) && v && typeof v === 'object')
              for (const f of Object.values(v as Record<string, { pattern?: string }>))
                if (typeof f?.pattern === 'string') patterns.push(f.pattern);
            return v;
          });
      }
    };
    walk(path.resolve('src/schemas'));
    const without = patterns.filter((p) => sample(p) === undefined);
    expect(patterns.length).toBeGreaterThan(20);
    expect(without.length / patterns.length).toBeLessThan(0.1);
  });
});
