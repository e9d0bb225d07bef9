import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../shared/schema/ajv.js';
import { cachedCompiler } from './validatorCache.js';

const schema = {
  type: 'object',
  required: ['phone', 'plate'],
  properties: {
    phone: { type: 'string', format: 'mobile' },
    plate: { type: 'string', format: 'plate', 'x-component': 'Input' },
    at: { type: 'string', format: 'date' },
    fen: { type: 'integer', minimum: 0 },
  },
  additionalProperties: false,
};
const samples: unknown[] = [
  { phone: '13800138000', plate: '沪A12345', at: '2026-11-27', fen: 100 },
  { phone: '12', plate: 'x', at: '2026-13-45', fen: -1, extra: true },
  { at: 3 },
  'not an object',
];

describe('compiled validators kept on disk by schema content', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-validators-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('judges and explains exactly as ajv compiling the schema does, the project formats included', () => {
    const plain = createAjv(true).compile(schema);
    const cached = cachedCompiler(dir)(createAjv(true), schema);
    for (const data of samples) {
      expect(cached(data), JSON.stringify(data)).toBe(plain(data));
      expect(cached.errors ?? null).toEqual(plain.errors ?? null);
    }
    expect(plain(samples[1])).toBe(false);
  });

  it('loads the code written by an earlier process instead of compiling again, and recompiles a damaged file', () => {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js'));
    expect(files).toHaveLength(1);
    const file = path.join(dir, files[0]);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"use strict";', '"use strict";globalThis.__loadedFromDisk = true;'));
    // A new compiler is a new process's view: nothing in memory.
    const fromDisk = cachedCompiler(dir)(createAjv(true), schema);
    expect((globalThis as { __loadedFromDisk?: boolean }).__loadedFromDisk).toBe(true);
    expect(fromDisk(samples[0])).toBe(true);
    fs.writeFileSync(file, 'this is not javascript');
    const again = cachedCompiler(dir)(createAjv(true), schema);
    expect(again(samples[1])).toBe(false);
    expect(fs.readFileSync(file, 'utf8')).toContain('module.exports');
  });

  it('keeps schemas and options apart: another schema or other options get another file', () => {
    const compile = cachedCompiler(dir);
    compile(createAjv(true), { ...schema, required: ['phone'] });
    compile(createAjv(false), schema);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.js'))).toHaveLength(3);
  });

  it('still validates where the cache cannot be written (a read-only install)', () => {
    const blocked = path.join(dir, 'a-file');
    fs.writeFileSync(blocked, '');
    const v = cachedCompiler(path.join(blocked, 'validators'))(createAjv(true), schema);
    expect(v(samples[0])).toBe(true);
    expect(v(samples[1])).toBe(false);
  });
});
