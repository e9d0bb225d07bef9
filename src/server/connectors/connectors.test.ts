import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callHttp } from './http/index.js';
import { SANDBOXES, operationFor } from './index.js';
import type { CallInput, ServiceSettings } from './types.js';
import type { AppContext } from '../context.js';

const settings: ServiceSettings = {
  enabled: true,
  dailyQuota: 0,
  qpsLimit: 0,
  provider: 'sandbox',
  connector: 'sandbox',
  unitPriceFen: null,
  customerConfig: null,
};
const ctx = { schemas: { pages: new Map() } } as unknown as AppContext;
const input = (service: string, operation: string, params: Record<string, unknown>, extra: Partial<CallInput> = {}): CallInput => ({
  ctx,
  partyCode: 'C1001',
  service,
  operation,
  params,
  requestId: 'r-1',
  at: new Date('2026-11-20T06:00:00Z'),
  settings,
  ...extra,
});
const run = (service: string, operation: string, params: Record<string, unknown>) =>
  operationFor(service, operation, 'sandbox')!(input(service, operation, params));

describe('sandbox connectors', () => {
  it('cover the 18 services with at least one operation each', () => {
    expect(Object.keys(SANDBOXES)).toHaveLength(18);
    for (const c of Object.values(SANDBOXES)) expect(Object.keys(c.operations).length).toBeGreaterThan(0);
  });

  it('pass bank-card four factors for a Luhn-valid card and not otherwise, the same way every time', async () => {
    const base = { name: '张建军', idNo: '11010519491231002X', mobile: '13800138000' };
    const good = await run('verification', 'bankCard4', { ...base, cardNo: '6222021234567890128' });
    const bad = await run('verification', 'bankCard4', { ...base, cardNo: '6222021234567890127' });
    expect(good.ok && good.data.passed).toBe(true);
    expect(bad.ok && bad.data.passed).toBe(false);
    expect(await run('verification', 'bankCard4', { ...base, cardNo: '6222021234567890128' })).toEqual(good);
  });

  it('read a driving licence into plausible fields and refuse an unreadable image', async () => {
    const res = await run('ocr', 'drivingLicense', { image: 'data:image/jpeg;base64,' + 'A'.repeat(64) });
    expect(res.ok).toBe(true);
    if (res.ok) {
      expect(res.data.licenseNo).toMatch(/^\d{17}[\dX]$/);
      expect(['A1', 'A2', 'B2', 'C1']).toContain(res.data.vehicleClass);
    }
    expect((await run('ocr', 'drivingLicense', { image: 'x' })).ok).toBe(false);
  });

  it('locate a vehicle along a route and check the plate', async () => {
    const res = await run('vehicleTrack', 'locate', { plate: '沪AD12345', points: 4 });
    expect(res.ok && (res.data.points as unknown[]).length).toBe(4);
    await expect(run('vehicleTrack', 'locate', { plate: 'ABC' })).rejects.toThrow(/plate/);
  });
});

describe('the generic HTTP connector against a local provider', () => {
  let server: http.Server;
  let url: string;
  const seen: { headers: http.IncomingHttpHeaders; body: unknown; path: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ headers: req.headers, body: JSON.parse(body), path: req.url ?? '' });
        const refused = JSON.parse(body).mobile === '13000000000';
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(refused ? { code: 'isv.BLACK_KEY', data: null } : { code: 'OK', data: { bizId: 'B123' } }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/{service}/{operation}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const httpSettings = (): ServiceSettings => ({
    ...settings,
    connector: 'http',
    http: {
      url,
      authHeader: 'X-Api-Key: k-123',
      mapping: { request: { mobile: 'phone', sign: 'template' }, response: { messageId: 'data.bizId' }, okPath: 'code', okValue: 'OK' },
    },
  });

  it('sends the mapped fields with the auth header and maps the answer back', async () => {
    const res = await callHttp(input('sms', 'send', { phone: '13800138000', template: 'notice' }, { settings: httpSettings() }));
    expect(res).toEqual({ ok: true, data: { messageId: 'B123' } });
    const last = seen[seen.length - 1];
    expect(last.path).toBe('/api/sms/send');
    expect(last.headers['x-api-key']).toBe('k-123');
    expect(last.body).toEqual({ mobile: '13800138000', sign: 'notice' });
  });

  it('reports the provider’s refusal and an unreachable provider as failures', async () => {
    const refused = await callHttp(input('sms', 'send', { phone: '13000000000', template: 'notice' }, { settings: httpSettings() }));
    expect(refused.ok).toBe(false);
    const down = { ...httpSettings(), http: { ...httpSettings().http!, url: 'http://127.0.0.1:1/x' } };
    const unreachable = await callHttp(input('sms', 'send', { phone: '13800138000' }, { settings: down }));
    expect(!unreachable.ok && unreachable.errorCode).toBe('providerUnreachable');
  });
});
