import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import {
  MAX_ACCOUNT_FAILURES,
  MAX_ADDRESS_FAILURES,
  MAX_FAILURES,
  MAX_IN_FLIGHT_PER_IP,
  MAX_WAITING_PER_IP,
  withAddressSlot,
} from '../services/loginGuard.js';
import { boolParam } from '../db/connect.js';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function authorizer(t: () => TestApp) {
  return (fields: Record<string, string>, remoteAddress: string) =>
    t().app.inject({
      method: 'POST',
      url: '/open-platform/authorize',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: form(fields),
    });
}

async function checkedPasswords(t: TestApp, column: 'username' | 'ip', value: string): Promise<number> {
  const rows = await t.app.ctx.database.db
    .selectFrom('sys_login_history')
    .select('id')
    .where(column, '=', value)
    .where('reason', 'in', ['badPassword', 'unknownUser'])
    .execute();
  return rows.length;
}

describe.each(dialects())('sign-in bursts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  const authorize = authorizer(() => t);

  it('checks no more than five passwords of one account from one address in a parallel burst, and refuses the right one after them', async () => {
    // Rate and slots per address off the path: twelve wrong guesses at once. (The right password in the
    // same burst may succeed between them, and a success starts the count afresh: that is the owner.)
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => authorize({ username: 'cust_a', password: `Wrong${i}pass` }, '10.50.0.1')),
    );
    const checked = answers.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES);
    expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    for (let i = await checkedPasswords(t, 'username', 'cust_a'); i < MAX_FAILURES; i++) {
      expect((await authorize({ username: 'cust_a', password: `Later${i}pass` }, '10.50.0.1')).statusCode).toBe(401);
    }
    const after = await authorize({ username: 'cust_a', password: 'Demo12345' }, '10.50.0.1');
    expect(after.statusCode).toBe(429);
    expect(after.json().msg).toMatch(/locked.*30 minutes/);
  });

  it('checks no more than twenty passwords of one account in a parallel burst from as many addresses', async () => {
    const wrong = Array.from({ length: 40 }, (_, i) => authorize({ username: 'cust_b', password: `Wrong${i}pass` }, `10.51.0.${i + 1}`));
    const answers = await Promise.all(wrong);
    expect(await checkedPasswords(t, 'username', 'cust_b')).toBeLessThanOrEqual(MAX_ACCOUNT_FAILURES);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(answers.length - MAX_ACCOUNT_FAILURES);
    expect(refused[0].json().msg).toMatch(/locked/);
  });

  it('checks no more than thirty passwords from one address in a parallel burst over many accounts', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => authorize({ username: `sprayed${i}`, password: `Bad${i}word` }, '10.60.0.1')),
    );
    expect(answers.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(MAX_ADDRESS_FAILURES);
    expect(await checkedPasswords(t, 'ip', '10.60.0.1')).toBeLessThanOrEqual(MAX_ADDRESS_FAILURES);
    expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
  });

  it('lets a real user in while fifteen bogus sign-ins from another address are refused early', async () => {
    const bogus = Array.from({ length: 15 }, (_, i) => authorize({ username: 'operator', password: `Bogus${i}pw` }, '10.70.0.1'));
    const real = authorize({ username: 'staff', password: 'Demo12345' }, '10.70.0.2');
    const [realAnswer, ...bogusAnswers] = await Promise.all([real, ...bogus]);
    expect(realAnswer.json().status).toBe(0);
    // Beyond two being checked and a short queue, the burst is refused before any database work.
    const early = bogusAnswers.filter((r) => r.statusCode === 429 && /Too many requests/.test(r.json().msg));
    expect(early.length).toBeGreaterThanOrEqual(15 - MAX_IN_FLIGHT_PER_IP - MAX_WAITING_PER_IP);
    const rows = await t.app.ctx.database.db.selectFrom('sys_login_history').select('id').where('ip', '=', '10.70.0.1').execute();
    expect(rows.length).toBeLessThanOrEqual(MAX_IN_FLIGHT_PER_IP + MAX_WAITING_PER_IP);
  });

  it('leaves no attempt undecided once the answers are out', async () => {
    const pending = await t.app.ctx.database.db.selectFrom('sys_login_history').select('id').where('reason', '=', 'pending').execute();
    expect(pending).toEqual([]);
  });

  it('rate-limits sign-in attempts per address before any password is read, for both grants', async () => {
    const limit = t.config.signInPerMinute;
    for (let i = 0; i < limit; i++) {
      const r = await authorize({ username: 'staff' }, '10.80.0.1');
      expect(r.statusCode).toBe(400);
    }
    const over = await authorize({ username: 'staff', password: 'Demo12345' }, '10.80.0.1');
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toMatch(/Too many requests/);
    for (let i = 0; i < limit; i++) await authorize({ grant_type: 'sms', phone: '13800000003' }, '10.80.0.2');
    const sms = await authorize({ grant_type: 'sms', phone: '13800000003', vCode: '123456' }, '10.80.0.2');
    expect(sms.statusCode).toBe(429);
    const rows = await t.app.ctx.database.db
      .selectFrom('sys_login_history')
      .select('id')
      .where('ip', 'in', ['10.80.0.1', '10.80.0.2'])
      .execute();
    expect(rows).toEqual([]);
  });
});

describe.each(dialects())('lock length on %s', (dialect) => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });
  const authorize = authorizer(() => t);

  async function lockMessage(username: string, prefix: string) {
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await authorize({ username, password: `Wrong${i}pass` }, `${prefix}.1`)).statusCode).toBe(401);
    }
    const locked = await authorize({ username, password: 'Demo12345' }, `${prefix}.1`);
    expect(locked.statusCode).toBe(429);
    return locked.json().msg as string;
  }

  it('comes from security.login.lockMinutes on the parameters page', async () => {
    t = await createTestApp(dialect);
    await t.app.ctx.database.db
      .updateTable('cfg_param')
      .set({ configValue: '7' })
      .where('configKey', '=', 'security.login.lockMinutes')
      .execute();
    expect(await lockMessage('cust_b', '10.90.0')).toMatch(/locked.*7 minutes/);
    await t.close();
  });

  it('is fifteen minutes when the parameter is absent', async () => {
    t = await createTestApp(dialect);
    await t.app.ctx.database.db.deleteFrom('cfg_param').where('configKey', '=', 'security.login.lockMinutes').execute();
    expect(await lockMessage('cust_b', '10.91.0')).toMatch(/locked.*15 minutes/);
    const failures = await t.app.ctx.database.db
      .selectFrom('sys_login_history')
      .select('id')
      .where('username', '=', 'cust_b')
      .where('success', '=', boolParam(t.app.ctx.database, false))
      .execute();
    expect(failures.length).toBe(MAX_FAILURES + 1);
  });
});

describe('per-address slots', () => {
  it('runs two attempts of one address at a time, queues a few, refuses the rest, and never holds up another address', async () => {
    const gates: (() => void)[] = [];
    const started: string[] = [];
    const hold = (name: string) => () =>
      new Promise<string>((resolve) => {
        started.push(name);
        gates.push(() => resolve(name));
      });
    const burst = Array.from({ length: 15 }, (_, i) => withAddressSlot('192.0.2.1', hold(`bogus${i}`)).catch((e) => e));
    const real = withAddressSlot('192.0.2.2', hold('real'));
    await Promise.resolve();
    expect(started).toEqual(['bogus0', 'bogus1', 'real']);
    const settled = await Promise.all(burst.slice(MAX_IN_FLIGHT_PER_IP + MAX_WAITING_PER_IP));
    expect(settled.every((e) => e?.httpStatus === 429)).toBe(true);
    gates[2]();
    expect(await real).toBe('real');
    // Each finished attempt hands its place to the next of the same address, until the queue is empty.
    for (let i = 0; i < gates.length; i++) {
      gates[i]();
      await new Promise((r) => setImmediate(r));
    }
    const accepted = await Promise.all(burst.slice(0, MAX_IN_FLIGHT_PER_IP + MAX_WAITING_PER_IP));
    expect(accepted).toEqual(Array.from({ length: MAX_IN_FLIGHT_PER_IP + MAX_WAITING_PER_IP }, (_, i) => `bogus${i}`));
  });
});
