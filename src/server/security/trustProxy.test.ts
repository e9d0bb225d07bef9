import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { dataOf, signIn } from '../test/dataApi.js';

/**
 * TRUST_PROXY names the balancers whose X-Forwarded-For is believed. The address decides at the HTTP
 * layer, before any database work, so one store is enough here.
 */
describe('client addresses behind a trusted balancer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { trustProxy: ['10.1.0.0/16'] });
    const admin = await signIn(t.app, 'admin');
    dataOf(
      await admin.post('systemManage/ipBlacklist', '', { ip: '10.66.0.0/16', reason: '测试网段', source: 'manual', status: 'active' }),
      201,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const signInFrom = (remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/open-platform/authorize',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
      payload: 'grant_type=password&username=admin&password=Demo12345',
    });

  it("takes the client from a trusted balancer's X-Forwarded-For", async () => {
    expect((await signInFrom('10.1.0.9', '10.66.1.1')).statusCode).toBe(403);
    expect((await signInFrom('10.1.0.9', '10.3.3.3')).json().status).toBe(0);
  });

  it('ignores X-Forwarded-For from anyone else', async () => {
    expect((await signInFrom('10.2.0.9', '10.66.1.1')).json().status).toBe(0);
    expect((await signInFrom('10.66.0.5', '10.3.3.3')).statusCode).toBe(403);
  });
});
