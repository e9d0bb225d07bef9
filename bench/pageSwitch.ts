// Page switches in the console, measured as the browser section does (menu click until the new
// tab and its rows are painted, on the page's clock), several sessions in a row, with what the
// browser section cannot give: a CPU profile, a Chrome trace, or React's commits for each step.
//
//   npx tsx bench/pageSwitch.ts [--sessions 5] [--dist DIR] [--profile DIR | --trace DIR | --renders DIR] [--requests]
//
// --requests prints each step's requests after the click (page clock): asked, sent, first byte, done.
//
// Steps: dashboard -> 部门管理 (first list) -> 员工管理 (another page) -> 部门管理 (the bench's
// revisit) -> 员工管理 -> 部门管理 (later revisits). Without --dist it builds the app as the bench does;
// for readable names in profiles and commits, give it an unminified build:
//   npx vite build --outDir .tmp/prof-dist --minify false && npx tsx bench/pageSwitch.ts --dist .tmp/prof-dist --renders .tmp/commits
// Each step also gives the renderer's main-thread time (CDP's TaskDuration), steadier than the wall
// time on a shared machine. A diagnosis aid, not a section of `npm run bench`. --renders walks the fiber tree at every commit,
// --profile and --trace cost a little too: compare times only between runs with the same flags.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CDPSession } from 'playwright-core';
import { openBrowser } from '../e2e/harness';
import { buildForBench } from './build';
import { cdpFor, clickUntilEach, nameShim, quiet, trackRequests } from './browserSession';
import { installCommitLog, startRecording, stopRecording } from './reactCommits';
import { startServerProcess } from './serverProcess';

const { values: args } = parseArgs({
  options: {
    sessions: { type: 'string', default: '5' },
    dist: { type: 'string' },
    profile: { type: 'string' },
    trace: { type: 'string' },
    renders: { type: 'string' },
    requests: { type: 'boolean', default: false },
  },
});
const STEPS = [
  ['first', '部门管理'],
  ['another', '员工管理'],
  ['revisit', '部门管理'],
  ['revisit2', '员工管理'],
  ['revisit3', '部门管理'],
] as const;

/** The requests (API calls and code) still under way at the step's click or started after it, from the page's resource timing. */
function requestsSinceClick(page: import('playwright-core').Page): Promise<string> {
  return page.evaluate(() => {
    const t0 = (window as unknown as { __benchT0: number }).__benchT0;
    return performance
      .getEntriesByType('resource')
      .filter((e) => (e as PerformanceResourceTiming).responseEnd >= t0)
      .map((e) => {
        const r = e as PerformanceResourceTiming;
        const at = (v: number) => String(Math.round(v - t0)).padStart(5);
        // Queued (before the request went out), the server's wait, and the whole.
        const phases = `${at(r.startTime)} ${at(r.requestStart || r.startTime)} ${at(r.responseStart || r.startTime)} ${at(r.responseEnd)}`;
        return `${phases}  ${decodeURIComponent(new URL(r.name).pathname + new URL(r.name).search).slice(0, 100)}`;
      })
      .join('\n');
  });
}

async function traced(cdp: CDPSession, file: string, step: () => Promise<number>): Promise<number> {
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,blink.user_timing', transferMode: 'ReturnAsStream' });
  const ms = await step();
  const done = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream!)));
  await cdp.send('Tracing.end');
  const stream = await done;
  const parts: string[] = [];
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream });
    parts.push(chunk.data);
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  fs.writeFileSync(file, parts.join(''));
  return ms;
}

async function profiled(cdp: CDPSession, file: string, step: () => Promise<number>): Promise<number> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const ms = await step();
  const { profile } = await cdp.send('Profiler.stop');
  fs.writeFileSync(file, JSON.stringify(profile));
  return ms;
}

const out = args.profile ?? args.trace ?? args.renders;
if (out) fs.mkdirSync(out, { recursive: true });
const distDir = args.dist ?? buildForBench().distDir;
const dataDir = path.resolve('.tmp/page-switch');
fs.rmSync(dataDir, { recursive: true, force: true });
// A cheap hash: the sign-in is not what is measured here.
const server = await startServerProcess({ dataDir, distDir, logFile: path.join(dataDir, 'server.log'), scryptLogN: 10 });
const times: Record<string, number[]> = {};
// The renderer's main-thread time per step (CDP Performance.TaskDuration): it moves far less than
// the step's wall time when the machine's other work comes and goes.
const busy: Record<string, number[]> = {};
async function mainThreadMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}
try {
  for (let session = 0; session < Number(args.sessions); session++) {
    const b = await openBrowser(1366, 860);
    const page = b.page;
    try {
      trackRequests(page);
      await nameShim(page);
      if (args.renders) await installCommitLog(b.context);
      await b.context.addCookies([{ name: 'language', value: 'zh', url: server.url }]);
      await page.goto(`${server.url}/#/login`);
      await page.locator('#username').fill('admin');
      await page.locator('#password').fill('Demo12345');
      await page.locator('button[type=submit]').click();
      await page.locator('.keep-alive--active .dashboard .ant-statistic-content-value').first().waitFor();
      await quiet(page);
      const entry = page.locator('.console-sider a.side-nav__item', { hasText: '部门管理' });
      if (!(await entry.isVisible()))
        await page
          .locator('.console-sider button.side-nav__item')
          .filter({ hasText: /平台用户|用户/ })
          .first()
          .click();
      await entry.waitFor();
      const cdp = await cdpFor(page);
      await cdp.send('Performance.enable');
      for (const [name, title] of STEPS) {
        const step = async () =>
          (
            await clickUntilEach(page, { selector: '.console-sider a.side-nav__item', text: title }, [
              [{ selector: '.tags-view__tab--active', text: title }, { selector: '.keep-alive--active .ant-table-row' }],
            ])
          )[0];
        const file = (ext: string) => path.join(out!, `${session}-${name}.${ext}`);
        if (args.renders) await startRecording(page);
        const before = await mainThreadMs(cdp);
        const ms = args.trace
          ? await traced(cdp, file('trace.json'), step)
          : args.profile
            ? await profiled(cdp, file('cpuprofile'), step)
            : await step();
        (busy[name] ??= []).push(Math.round((await mainThreadMs(cdp)) - before));
        (times[name] ??= []).push(Math.round(ms));
        if (args.requests) console.log(`${session} ${name} ${Math.round(ms)} ms\n${await requestsSinceClick(page)}`);
        await quiet(page);
        if (args.renders) fs.writeFileSync(file('commits.txt'), await stopRecording(page));
      }
    } finally {
      await b.close();
    }
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const median = (runs: number[]) => [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)];
for (const [name, runs] of Object.entries(times)) {
  const cpu = busy[name];
  console.log(
    `${name.padEnd(9)} median ${median(runs)} ms, main thread ${median(cpu)} ms   runs ${runs.join(', ')}; main thread ${cpu.join(', ')}`,
  );
}
if (out) console.log(`written to ${out}`);
