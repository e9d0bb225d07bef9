// The gateway under load: signed calls (HMAC-SHA256, a fresh nonce each) to sms/send for the demo
// app, metered and debited on SQLite, at 50 connections, with autocannon against the server process.
// Each call sends to another phone, so the customer's per-phone daily limit is checked without
// refusing; quotas and the per-second and per-address limits are lifted, so the calls succeed.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { line, type Line } from './report';
import { cpuSeconds, login } from './server';
import type { ServerProcess } from './serverProcess';
import { round } from './stats';

const CONNECTIONS = 50;
const PATH = '/open-api/v1/sms/send';
const APP = { key: 'demo-c1001', secret: 'demo-secret-c1001' };
let sent = 0;

function signedRequest(): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({
    phone: `139${String(10_000_000 + (sent++ % 89_999_999)).padStart(8, '0')}`,
    template: 'notice_sign',
    content: '运单已签收',
  });
  const ts = String(Date.now());
  const nonce = randomBytes(12).toString('hex');
  const hash = createHash('sha256').update(body).digest('hex');
  const signature = createHmac('sha256', APP.secret).update(`POST\n${PATH}\n${ts}\n${nonce}\n${hash}`).digest('hex');
  return {
    body,
    headers: { 'content-type': 'application/json', 'x-app-key': APP.key, 'x-timestamp': ts, 'x-nonce': nonce, 'x-signature': signature },
  };
}

type ListData = { list: { id: number; version: number }[] };

async function api(url: string, token: string, method: string, path: string, body?: unknown): Promise<ListData> {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { status: number; msg: string; data: ListData };
  if (json.status !== 0) throw new Error(`${method} ${path}: ${json.msg}`);
  return json.data;
}

/** Lifts the quotas of the demo opening and customer configuration and funds the account, so the run measures the gateway, not its refusals. */
async function prepare(url: string): Promise<void> {
  const token = await login(url);
  const page = (id: string) => `/open-platform/data/${encodeURIComponent(id)}`;
  const opening = (await api(url, token, 'GET', `${page('customerManage/config')}?service=sms&partyCode=C1001`)).list[0];
  await api(url, token, 'PUT', `${page('customerManage/config')}/${opening.id}`, { version: opening.version, dailyQuota: 0, qpsLimit: 0 });
  const cfg = (await api(url, token, 'GET', `${page('customerConfig/sms')}?partyCode=C1001`)).list[0];
  if (cfg)
    await api(url, token, 'PUT', `${page('customerConfig/sms')}/${cfg.id}`, {
      version: cfg.version,
      dailyQuota: 0,
      qpsLimit: 0,
      perIpHourly: 0,
    });
  const account = (await api(url, token, 'GET', `${page('customerManage/serviceAccount')}?partyCode=C1001`)).list[0];
  await api(url, token, 'POST', `${page('customerManage/serviceAccount')}/${account.id}/actions/recharge`, {
    amountFen: 100_000_000,
    channel: 'adjust',
    remark: 'bench',
  });
}

export async function gatewayBench(o: {
  server: ServerProcess;
  duration: number;
  log: (msg: string) => void;
}): Promise<{ lines: Line[]; details: Record<string, unknown> }> {
  const url = o.server.url;
  await prepare(url);
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      timeout: 30,
      requests: [{ method: 'POST', path: PATH, setupRequest: (req) => ({ ...req, ...signedRequest() }) }],
    });
  o.log('gateway: warm-up');
  await run(Math.min(3, o.duration));
  o.log(`gateway: signed sms/send calls with metering, ${CONNECTIONS} connections, ${o.duration} s`);
  const cpu0 = cpuSeconds(o.server.pid);
  const r = await run(o.duration);
  const cpuMsPerCall = round(((cpuSeconds(o.server.pid) - cpu0) * 1000) / Math.max(1, r.requests.total), 2);
  const errors = r.non2xx + r.errors + r.timeouts;
  const details = {
    reqPerSec: round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    serverCpuMsPerCall: cpuMsPerCall,
  };
  return {
    details,
    lines: [
      line({
        section: 'gateway',
        name: `signed calls with metering, ${CONNECTIONS} conn: calls/s`,
        value: round(r.requests.average),
        unit: 'calls/s',
        budget: 2000,
        atLeast: true,
        note: `server CPU ${cpuMsPerCall} ms/call${errors ? `; ${errors} failed` : ''}`,
      }),
      line({ section: 'gateway', name: 'same: p50', value: r.latency.p50, unit: 'ms' }),
      line({ section: 'gateway', name: 'same: p99', value: r.latency.p99, unit: 'ms', budget: 25 }),
    ],
  };
}
