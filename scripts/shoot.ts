// Screenshots of console or portal routes on a fresh demo server, for looking at pages:
//   npx tsx scripts/shoot.ts [--user admin] [--width 1366] [--out .tmp/shots] [--full] route [route...]
import fs from 'node:fs';
import path from 'node:path';
import { openBrowser, signIn, startServer } from '../e2e/harness';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const [v] = args.splice(i, 2).slice(1);
  return v;
};
const user = opt('user', 'admin');
const width = Number(opt('width', '1366'));
const out = path.resolve(opt('out', '.tmp/shots'));
const full = args.includes('--full');
if (full) args.splice(args.indexOf('--full'), 1);
fs.mkdirSync(out, { recursive: true });

const server = await startServer();
const b = await openBrowser(width, 860);
try {
  if (user !== 'none') await signIn(b.page, server.url, user);
  for (const route of args) {
    await b.page.goto(`${server.url}/#${route}`);
    await b.page.waitForLoadState('networkidle');
    // A page's schema and rows arrive after the network first goes quiet on a busy machine.
    await b.page
      .locator(
        '.keep-alive--active .ant-table-row, .keep-alive--active .ant-empty, .keep-alive--active .echarts-for-react, .keep-alive--active canvas, .error-page',
      )
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
    await b.page.waitForTimeout(800);
    const file = path.join(out, `${route.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '') || 'root'}-${width}.png`);
    await b.page.screenshot({ path: file, fullPage: full });
    console.log(file);
  }
  if (b.problems.length) console.log('problems:\n  ' + b.problems.join('\n  '));
} finally {
  await b.close();
  await server.stop();
}
