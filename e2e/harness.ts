import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { configFromEnv } from '../src/server/config';
import { copyTemplate, templateApplies } from '../src/server/test/template';
import { buildOnce } from '../src/server/test/buildOnce';
import { TOKEN_COOKIE } from '../src/client/cookieNames';

export const CHROMIUM = '/usr/bin/chromium';
const DIST = path.resolve('.tmp/e2e-dist');
const ARTIFACTS = path.resolve('test-results/e2e');

/** Browser tests need Debian's Chromium; CI installs it, elsewhere the run is skipped with a note. */
export function hasChromium(): boolean {
  if (fs.existsSync(CHROMIUM)) return true;
  if (process.env.CI) throw new Error(`${CHROMIUM} is missing: browser tests cannot be skipped in CI`);
  console.warn(`NOTE: ${CHROMIUM} not found; browser tests skipped`);
  return false;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * Builds the browser app once per state of the sources, into a folder named after that state, once
 * across the workers of the run (buildOnce), so no run serves a build another is replacing. Old
 * builds are pruned.
 */
export async function ensureBuild(): Promise<string> {
  const sources = Math.max(
    newestMtime(path.resolve('src')),
    newestMtime(path.resolve('public')),
    fs.statSync('index.html').mtimeMs,
    fs.statSync('vite.config.ts').mtimeMs,
    // The stylesheet of antd's styles is rendered by these at build time.
    fs.statSync('scripts/antdStyles.tsx').mtimeMs,
    fs.statSync('scripts/antdStylesPlugin.ts').mtimeMs,
  );
  const dir = path.join(DIST, String(Math.floor(sources)));
  await buildOnce(dir, async (tmp) => {
    // What ships: under vitest NODE_ENV is "test", which would build React's development files.
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', tmp, '--emptyOutDir', '--logLevel', 'error'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  });
  for (const old of fs.readdirSync(DIST)) {
    const p = path.join(DIST, old);
    if (p !== dir && !old.endsWith('.lock') && Date.now() - fs.statSync(p).mtimeMs > 3_600_000)
      fs.rmSync(p, { recursive: true, force: true });
  }
  return dir;
}

export interface Running {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

/** The real server on a fresh SQLite database with demo data, serving the built app on 127.0.0.1. */
export async function startServer(): Promise<Running> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-e2e-'));
  // The same demo database as the server tests' (a copy of the run's template): a few metered
  // gateway calls per service and quick password hashes are all a browser test needs.
  const config = {
    ...configFromEnv({}),
    dataDir,
    distDir: await ensureBuild(),
    scryptLogN: 12,
    demoCallsPerService: 12,
    logLevel: 'warn',
    jobTickSeconds: 0,
    cacheDir: path.resolve('.tmp/cache'),
  };
  if (templateApplies()) await copyTemplate('sqlite', config, dataDir);
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Console errors and failed requests seen so far. */
  problems: string[];
  close(): Promise<void>;
}

/**
 * A browser with one page. `motion: 'reduce'` asks the page for less motion, as the system setting
 * does: the sweeps over many pages (journeys, accessibility) use it, since the transitions of each
 * page cost processor time (a journey alone used a fifth less with it, three side by side a tenth
 * less); tests of interactions keep the motion a default visitor sees.
 */
export async function openBrowser(width = 1366, height = 800, opts: { motion?: 'reduce' } = {}): Promise<Browser> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    viewport: { width, height },
    locale: 'zh-CN',
    reducedMotion: opts.motion === 'reduce' ? 'reduce' : 'no-preference',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const keep = (p: Page) => {
    if (openPages.has(p)) return;
    countRequests(p);
    openPages.add(p);
    p.on('close', () => openPages.delete(p));
  };
  context.on('page', keep);
  const page = context.pages()[0] ?? (await context.newPage());
  keep(page);
  const problems: string[] = [];
  page.on('console', (m) => {
    // A failed load's message names no address; its location does, which says which call failed.
    if (m.type() === 'error') problems.push(`console: ${m.text()}${m.location().url ? ` (${m.location().url})` : ''}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // A request the page itself dropped (a reload or navigation while it was in flight) is not a failure.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  return {
    context,
    page,
    problems,
    async close() {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Screenshots are taken when asked for (E2E_SHOTS=1, to look at the pages) and of every open page when a test fails. */
const SHOTS_WANTED = process.env.E2E_SHOTS === '1';

export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean; dir?: string } = {}) {
  if (!SHOTS_WANTED) return;
  await saveShot(page, path.join(opts.dir ?? ARTIFACTS, `${name}.png`), opts.fullPage);
}

async function saveShot(page: Page, file: string, fullPage = false) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage });
}

/** Pages of the browsers open now, for the screenshots of a failed test (e2e/setup.ts). */
export const openPages = new Set<Page>();

export async function shootFailure(testName: string) {
  let i = 0;
  for (const page of openPages) {
    if (page.isClosed()) continue;
    const name = `${testName.replace(/[^\w\u4e00-\u9fff-]+/g, '_').slice(0, 80)}-${i++}`;
    await saveShot(page, path.join(ARTIFACTS, 'failed', `${name}.png`)).catch(() => undefined);
  }
}

/** Requests each open page has in flight (every kind: data, code, styles), counted from the browser's events. */
const inFlight = new WeakMap<Page, number>();

function countRequests(page: Page) {
  inFlight.set(page, 0);
  const done = () => inFlight.set(page, Math.max(0, (inFlight.get(page) ?? 1) - 1));
  page.on('request', () => inFlight.set(page, (inFlight.get(page) ?? 0) + 1));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

async function networkQuiet(page: Page) {
  for (let waited = 0; (inFlight.get(page) ?? 0) > 0; waited += 20) {
    if (waited > 30_000) throw new Error(`${inFlight.get(page)} requests still open after 30 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Waits until nothing on the page is moving (a dropdown sliding open, a tooltip growing): a click on
 * an option still sliding in was lost now and then on a loaded machine. Endless animations (a
 * spinner) do not count.
 */
export async function motionEnded(page: Page) {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { polling: 'raf' },
  );
}

/**
 * The ready marker of a console page: the page asked for is the one shown (when `route` is given),
 * no request is in flight (counted from the browser's events, and the app's own count of API calls
 * on `html[data-requests]`), the shown page has no loading indicator, nothing is still moving into
 * place, and two frames have drawn with the network still quiet. No fixed wait: Playwright's
 * "networkidle" alone waits half a second of silence on every page.
 */
export async function pageSettled(page: Page, route?: string) {
  if (route) {
    await page.waitForFunction(
      (path) => document.querySelector<HTMLElement>('.keep-alive--active')?.dataset.page?.startsWith(path),
      route.split('?')[0],
    );
  }
  for (;;) {
    await networkQuiet(page);
    await page.waitForFunction(() => {
      if ((document.documentElement.dataset.requests ?? '0') !== '0') return false;
      const active = document.querySelector('.keep-alive--active') ?? document.body;
      if (active.querySelector('[aria-busy="true"], .ant-spin-spinning, .ant-skeleton-active')) return false;
      // Transitions and finite animations (a drawer sliding in, a chart drawing) have ended.
      return document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
    });
    // Two frames more: what measures itself after the data arrives (table columns, charts) has drawn.
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    if ((inFlight.get(page) ?? 0) === 0) return;
  }
}

export async function signIn(page: Page, url: string, username: string, password = 'Demo12345') {
  await page.goto(`${url}/#/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/#\/home/);
  // The page writes its token cookie through document.cookie, which reaches the browser's cookie
  // store a moment later: a test reading the context's cookies right away could miss it.
  for (let waited = 0; !(await page.context().cookies()).some((c) => c.name === TOKEN_COOKIE); waited += 50) {
    if (waited > 10_000) throw new Error(`signed in as ${username}, but no ${TOKEN_COOKIE} cookie reached the browser`);
    await page.waitForTimeout(50);
  }
}
