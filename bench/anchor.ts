// The same user steps timed on the console and on the anchor (ant-design-pro's antd 5 build in
// ../shared/anchors, served by its own loopback server), in one browser and interleaved run by run,
// so every ratio compares two figures of the same minutes on the same machine.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Browser } from '../e2e/harness';
import { gzipBytes } from './gzip';
import { clickUntilEach, clickUntilEachAcrossLoads, forget, quiet, scriptsDuring, type Ready, type Target } from './browserSession';
import { freePort } from './serverProcess';

const ANCHORS = path.resolve('../shared/anchors');
export const ANCHOR_DIST = path.join(ANCHORS, 'ant-design-pro-dist');
const ANCHOR_SERVER = path.join(ANCHORS, 'serve-ant-design-pro.mjs');

export const anchorAvailable = () => fs.existsSync(ANCHOR_SERVER) && fs.existsSync(path.join(ANCHOR_DIST, 'index.html'));

export interface AnchorServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the anchor's server in a child process on a free loopback port; resolves once it listens. */
export async function startAnchor(): Promise<AnchorServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [ANCHOR_SERVER, ANCHOR_DIST, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes(`127.0.0.1:${port}`)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the anchor's server exited (${code}): ${output}`)));
  });
  child.removeAllListeners('exit');
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(child.pid!, 'SIGTERM');
      }),
  };
}

/** A step between two pages: an optional sidebar group opened first (not timed), the click, and when it counts as drawn. */
interface Step {
  group?: { title: RegExp; item: string };
  click: Target;
  ready: Ready[];
}

/** One application's version of the compared steps. */
export interface App {
  name: 'console' | 'anchor';
  origin: string;
  distDir: string;
  signInPath: string;
  /** Run before the sign-in screen is loaded (language cookie, the mock's signed-in state). */
  prepare(b: Browser): Promise<void>;
  username: string;
  password: string;
  submit: Target;
  /** Stages after the submit click; the first is the landing page drawn, the compared figure. */
  landing: Ready[][];
  menuItem: string;
  /** A sidebar group's title, clicked to open it. */
  groupTitle: string;
  firstList: Step;
  secondPage: Step;
  revisit: Step;
}

export interface SameSteps {
  signInLcp: number;
  signInJsGzip: number;
  signInScripts: number;
  submitToLanding: number;
  /** Later stages of the landing page (the console's charts), when the app has them. */
  landingLater: number[];
  firstList: number;
  secondPage: number;
  revisit: number;
}

const titled = (selector: string, text: string): Ready => ({ selector, text });

/** The console: dashboard -> Departments (first list, cold) -> Staff (first visit) -> Departments (revisit). */
export function consoleApp(origin: string, distDir: string): App {
  const tab = (title: string) => titled('.tags-view__tab--active', title);
  const rows = { selector: '.keep-alive--active .ant-table-row' };
  const item = (text: string) => ({ selector: '.console-sider a.side-nav__item', text });
  return {
    name: 'console',
    origin,
    distDir,
    signInPath: '/#/login',
    prepare: (b) => b.context.addCookies([{ name: 'language', value: 'zh', url: origin }]),
    username: 'admin',
    password: 'Demo12345',
    submit: { selector: 'button[type=submit]' },
    landing: [
      [{ selector: '.keep-alive--active .dashboard .ant-statistic-content-value' }],
      [
        {
          selector:
            '.keep-alive--active .dashboard [role=img] svg, .keep-alive--active .dashboard canvas, .keep-alive--active .dashboard .dashboard-empty',
        },
      ],
    ],
    menuItem: '.console-sider a.side-nav__item',
    groupTitle: '.console-sider button.side-nav__item',
    firstList: { group: { title: /平台用户|用户/, item: '部门管理' }, click: item('部门管理'), ready: [tab('部门管理'), rows] },
    secondPage: { click: item('员工管理'), ready: [tab('员工管理'), rows] },
    revisit: { click: item('部门管理'), ready: [tab('部门管理'), rows] },
  };
}

/**
 * The anchor, by its README's comparable steps: Welcome -> Search Table (first visit, cold) ->
 * Admin / Sub-Page (another page's first visit; the anchor has one list) -> Search Table (revisit).
 */
export function anchorApp(origin: string): App {
  const heading = (title: string) => titled('.ant-page-header-heading-title', title);
  // Its menu navigates in the link's handler, inside the item.
  const item = (text: string) => ({ selector: '.ant-menu-item a', text });
  return {
    name: 'anchor',
    origin,
    distDir: ANCHOR_DIST,
    signInPath: '/user/login',
    // The mock keeps one signed-in state for the server; a session starts signed out.
    prepare: async () => void (await fetch(`${origin}/__reset`)),
    username: 'admin',
    password: 'ant.design',
    submit: { selector: 'button.ant-btn-primary' },
    landing: [[titled('.ant-pro-page-container .ant-card', '欢迎使用')]],
    menuItem: '.ant-menu-item',
    groupTitle: '.ant-menu-submenu-title',
    firstList: { click: item('查询表格'), ready: [heading('查询表格'), { selector: '.ant-table-row' }] },
    secondPage: {
      group: { title: /管理页/, item: '二级管理页' },
      click: item('二级管理页'),
      ready: [heading('二级管理页'), { selector: '.ant-alert-success' }],
    },
    revisit: { click: item('查询表格'), ready: [heading('查询表格'), { selector: '.ant-table-row' }] },
  };
}

async function openGroup(page: Page, app: App, group: NonNullable<Step['group']>) {
  const item = page.locator(app.menuItem, { hasText: group.item });
  if (!(await item.isVisible())) await page.locator(app.groupTitle).filter({ hasText: group.title }).first().click();
  await item.waitFor();
}

/** Called after each timed step, once the network is quiet again (profiles, marks). */
export type AfterStep = (name: 'submitToLanding' | 'firstList' | 'secondPage' | 'revisit') => Promise<void>;

async function step(page: Page, app: App, s: Step, after: () => Promise<void>): Promise<number> {
  if (s.group) await openGroup(page, app, s.group);
  const [ms] = await clickUntilEach(page, s.click, [s.ready]);
  await quiet(page);
  await after();
  return ms;
}

/**
 * One session from an empty cache and no session: the sign-in screen loaded (its LCP and the JS it
 * fetched, gzip -9 as both servers send it), the account typed key by key and the network let go
 * quiet, then submit -> landing page -> first list -> another page -> the list again. The page keeps
 * the app's state afterwards, so the caller may go on with steps of its own.
 */
export async function sameSteps(
  b: Browser,
  cdp: Parameters<typeof forget>[1],
  app: App,
  after: AfterStep = async () => {},
): Promise<SameSteps> {
  const page = b.page;
  await forget(b, cdp, app.origin);
  await app.prepare(b);
  const scripts = await scriptsDuring(page, async () => {
    await page.goto(`${app.origin}${app.signInPath}`);
    await page.locator('#username').waitFor();
    await quiet(page);
  });
  const signInLcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  const files = [...new Set(scripts.map((s) => path.join(app.distDir, s.path)))];
  const signInJsGzip = files.reduce((n, f) => n + (fs.existsSync(f) ? gzipBytes(f) : 0), 0);
  await page.locator('#username').pressSequentially(app.username, { delay: 40 });
  await page.locator('#password').pressSequentially(app.password, { delay: 40 });
  await quiet(page);
  const [submitToLanding, ...landingLater] = await clickUntilEachAcrossLoads(page, app.submit, app.landing);
  await quiet(page);
  await after('submitToLanding');
  const firstList = await step(page, app, app.firstList, () => after('firstList'));
  const secondPage = await step(page, app, app.secondPage, () => after('secondPage'));
  const revisit = await step(page, app, app.revisit, () => after('revisit'));
  return { signInLcp, signInJsGzip, signInScripts: files.length, submitToLanding, landingLater, firstList, secondPage, revisit };
}
