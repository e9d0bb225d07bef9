// Bundle figures: the JS (gzip) each entry really fetches, measured by loading it in Chromium with the
// cache disabled and gzipping every .js file it asked for; then the largest chunks loaded later.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from '../e2e/harness';
import { cdpFor, forget, quiet, scriptsDuring } from './browserSession';
import { line, type Line } from './report';
import { KiB } from './stats';
import { MODULES_FILE } from './build';
import { gzipBytes } from './gzip';
import { DASHBOARD_READY, LIST_ROWS, loginAndWait, PORTAL_READY } from './browser';

interface Loaded {
  files: string[];
  gzip: number;
  raw: number;
  wire: number;
  encodings: string[];
  parts?: Record<string, number>;
}

/** A module id reduced to what it belongs to: an npm package, or a folder of src/. */
export function owner(id: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (pkg) return pkg[1];
  const src = /\/src\/([^/]+(?:\/[^/.]+)?)/.exec(id);
  return src ? `src/${src[1]}` : path.basename(id);
}

/**
 * Splits the gzip size of the loaded files over packages and source folders, in proportion to the
 * bytes each module rendered into its chunk (gzip ratios differ a little between modules).
 */
function composition(distDir: string, files: string[]): Record<string, number> {
  const map = path.join(distDir, MODULES_FILE);
  if (!fs.existsSync(map)) return {};
  const chunks = JSON.parse(fs.readFileSync(map, 'utf8')) as Record<string, Record<string, number>>;
  const parts: Record<string, number> = {};
  for (const f of files) {
    const modules = chunks[f];
    const full = path.join(distDir, f);
    if (!modules || !fs.existsSync(full)) continue;
    const total = Object.values(modules).reduce((a, b) => a + b, 0) || 1;
    for (const [id, n] of Object.entries(modules)) parts[owner(id)] = (parts[owner(id)] ?? 0) + (gzipBytes(full) * n) / total;
  }
  return Object.fromEntries(
    Object.entries(parts)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([k, v]) => [k, KiB(v)]),
  );
}

function measure(distDir: string, scripts: { path: string; wireBytes: number; encoding: string }[]): Loaded {
  const files = [...new Set(scripts.map((s) => s.path))];
  const full = files.map((f) => path.join(distDir, f));
  return {
    files,
    gzip: full.reduce((n, f) => n + (fs.existsSync(f) ? gzipBytes(f) : 0), 0),
    raw: full.reduce((n, f) => n + (fs.existsSync(f) ? fs.statSync(f).size : 0), 0),
    wire: scripts.reduce((n, s) => n + s.wireBytes, 0),
    encodings: [...new Set(scripts.map((s) => s.encoding))],
    parts: composition(distDir, files),
  };
}

export async function bundleBench(b: Browser, url: string, distDir: string): Promise<{ lines: Line[]; details: Record<string, unknown> }> {
  const page = b.page;
  const cdp = await cdpFor(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  try {
    await forget(b, cdp, url);
    const portal = measure(
      distDir,
      await scriptsDuring(page, async () => {
        await page.goto(`${url}/#/`);
        await page.locator(PORTAL_READY).first().waitFor();
        await quiet(page);
      }),
    );

    await forget(b, cdp, url);
    const login = measure(
      distDir,
      await scriptsDuring(page, async () => {
        await page.goto(`${url}/#/login`);
        await page.locator('#username').waitFor();
        await quiet(page);
      }),
    );
    // What the dashboard adds after the login screen, then what the first list page adds.
    const dashboard = measure(
      distDir,
      await scriptsDuring(page, async () => {
        await loginAndWait(page, 'admin');
        await page.locator(DASHBOARD_READY).first().waitFor();
        await quiet(page);
      }),
    );
    const list = measure(
      distDir,
      await scriptsDuring(page, async () => {
        await page.goto(`${url}/#/platformUser/department`);
        await page.locator(LIST_ROWS).first().waitFor();
        await quiet(page);
      }),
    );

    const initial = new Set([...portal.files, ...login.files]);
    const assets = path.join(distDir, 'assets');
    const all = fs
      .readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => ({
        file: `/assets/${f}`,
        gzip: gzipBytes(path.join(assets, f)),
        raw: fs.statSync(path.join(assets, f)).size,
      }));
    const lazy = all.filter((c) => !initial.has(c.file)).sort((a, b2) => b2.gzip - a.gzip);
    const top = lazy.slice(0, 10);
    const chunkName = (f: string) => path.basename(f, '.js');
    // Budget: 150 KiB per chunk, 200 KiB for the dashboard's chart library (echarts).
    const limit = (f: string) => ('echarts' in composition(distDir, [f]) ? 200 : 150);

    const wireNote = (l: Loaded) =>
      `${l.files.length} files, ${KiB(l.raw)} KiB raw, sent as ${l.encodings.join('/')} (${KiB(l.wire)} KiB on the wire)`;
    const lines: Line[] = [
      line({
        section: 'bundle',
        name: 'portal home: JS gzip first loaded',
        value: KiB(portal.gzip),
        unit: 'KiB',
        budget: 80,
        note: wireNote(portal),
      }),
      line({
        section: 'bundle',
        name: 'console login: JS gzip first loaded',
        value: KiB(login.gzip),
        unit: 'KiB',
        budget: 200,
        reference: '889 KiB',
        note: wireNote(login),
      }),
      line({
        section: 'bundle',
        name: 'login -> dashboard: JS gzip added',
        value: KiB(dashboard.gzip),
        unit: 'KiB',
        note: `${dashboard.files.length} files`,
      }),
      line({
        section: 'bundle',
        name: 'dashboard -> first list page: JS gzip added',
        value: KiB(list.gzip),
        unit: 'KiB',
        note: `${list.files.length} files`,
      }),
      ...top.map((c) =>
        line({
          section: 'bundle',
          name: `lazy chunk ${chunkName(c.file)}`,
          value: KiB(c.gzip),
          unit: 'KiB',
          budget: limit(c.file),
          note: `${KiB(c.raw)} KiB raw`,
        }),
      ),
    ];
    const over = lazy.filter((c) => c.gzip / 1024 > limit(c.file));
    return {
      lines,
      details: {
        gzip: 'zlib.gzipSync default level of each built file',
        portalHome: portal,
        consoleLogin: login,
        dashboardAdds: dashboard,
        firstListAdds: list,
        lazyChunks: lazy.length,
        lazyOverBudget: over.map((c) => chunkName(c.file)),
        largestLazy: top.map((c) => ({ file: c.file, gzipKiB: KiB(c.gzip), rawKiB: KiB(c.raw), parts: composition(distDir, [c.file]) })),
      },
    };
  } finally {
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.detach();
  }
}
