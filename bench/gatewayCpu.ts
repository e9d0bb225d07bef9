// CPU cost of one signed, metered gateway call, measured in-process: N calls through app.inject
// (Fastify routing, parsing, the handler, serialisation; no socket), process.cpuUsage() over them.
// Less sensitive to other load on the machine than calls/s. `npx tsx bench/gatewayCpu.ts [N] [conc] [sqlite|postgres]`
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createTestApp, login } from '../src/server/test/harness';

const PATH = '/open-api/v1/sms/send';
const APP = { key: 'demo-c1001', secret: 'demo-secret-c1001' };

function request(phone: string) {
  const body = JSON.stringify({ phone, template: 'notice_sign', content: '运单已签收' });
  const ts = String(Date.now());
  const nonce = randomBytes(12).toString('hex');
  const hash = createHash('sha256').update(body).digest('hex');
  const signature = createHmac('sha256', APP.secret).update(`POST\n${PATH}\n${ts}\n${nonce}\n${hash}`).digest('hex');
  return {
    method: 'POST' as const,
    url: PATH,
    payload: body,
    headers: { 'content-type': 'application/json', 'x-app-key': APP.key, 'x-timestamp': ts, 'x-nonce': nonce, 'x-signature': signature },
  };
}

const n = Number(process.argv[2] ?? 2000);
const conc = Number(process.argv[3] ?? 1);
const dialect = (process.argv[4] ?? 'sqlite') as 'sqlite' | 'postgres';

const t = await createTestApp(dialect, { demoCallsPerService: 2, logLevel: 'warn' });
const token = await login(t.app, 'admin');
const db = t.app.ctx.database.db;
await db
  .updateTable('cm_service_open')
  .set({ dailyQuota: 0, qpsLimit: 0 })
  .where('partyCode', '=', 'C1001')
  .where('service', '=', 'sms')
  .execute();
await db.updateTable('cust_cfg_sms').set({ dailyQuota: 0, qpsLimit: 0, perIpHourly: 0 }).where('partyCode', '=', 'C1001').execute();
await db.updateTable('cm_service_account').set({ balanceFen: 1_000_000_000 }).where('partyCode', '=', 'C1001').execute();
void token;
let seq = 0;
const phone = () => `139${String(10_000_000 + (seq++ % 80_000_000)).padStart(8, '0')}`;
async function run(count: number) {
  let ok = 0;
  const codes: Record<string, number> = {};
  let i = 0;
  await Promise.all(
    Array.from({ length: conc }, async () => {
      while (i < count) {
        i++;
        const res = await t.app.inject(request(phone()));
        if (res.statusCode === 200) ok++;
        else codes[res.json().status] = (codes[res.json().status] ?? 0) + 1;
      }
    }),
  );
  return { ok, codes };
}
await run(Math.min(300, n));
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const r = await run(n);
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
console.log(
  JSON.stringify({
    dialect,
    n,
    conc,
    ok: r.ok,
    refused: r.codes,
    cpuMsPerCall: +((cpu.user + cpu.system) / 1000 / n).toFixed(3),
    wallMsPerCall: +(wall / n).toFixed(3),
    callsPerSecWall: Math.round(n / (wall / 1000)),
  }),
);
await t.close();
