import { describe, expect, it } from 'vitest';
import { newRequestId } from './call.js';

describe('request ids', () => {
  it('are UUIDs of version 7: the time first, so later calls sort after earlier ones', () => {
    const at = Date.parse('2026-12-01T10:00:00.000Z');
    const ids = [newRequestId(at), newRequestId(at + 1), newRequestId(at + 60_000)];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(ids[0].replace(/-/g, '').slice(0, 12)).toBe(at.toString(16).padStart(12, '0'));
    expect(new Set(Array.from({ length: 1000 }, () => newRequestId(at))).size).toBe(1000);
  });
});
