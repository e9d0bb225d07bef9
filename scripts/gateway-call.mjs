#!/usr/bin/env node
// Signs and sends one call to the gateway (docs/GATEWAY.md).
//   node scripts/gateway-call.mjs sms/send '{"phone":"13800138000","template":"notice_sign","content":"运单已签收"}'
// Environment: GATEWAY_URL (default http://127.0.0.1:8080), APP_KEY / APP_SECRET (default the demo app).
import { createHash, createHmac, randomBytes } from 'node:crypto';

const [target = 'sms/send', body = '{}'] = process.argv.slice(2);
const base = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
const appKey = process.env.APP_KEY ?? 'demo-c1001';
const secret = process.env.APP_SECRET ?? 'demo-secret-c1001';

JSON.parse(body); // refuse a typo before signing it
const path = `/open-api/v1/${target}`;
const timestamp = String(Date.now());
const nonce = randomBytes(12).toString('hex');
const bodyHash = createHash('sha256').update(body).digest('hex');
const signature = createHmac('sha256', secret).update(`POST\n${path}\n${timestamp}\n${nonce}\n${bodyHash}`).digest('hex');

const res = await fetch(base + path, {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    'x-app-key': appKey,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-signature': signature,
  },
  body,
});
console.log(`HTTP ${res.status}`);
console.log(JSON.stringify(await res.json(), null, 2));
