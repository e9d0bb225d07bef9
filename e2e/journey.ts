import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBrowser, pageSettled, screenshot, signIn, startServer, type Browser, type Running } from './harness';

interface MenuNode {
  path: string | null;
  component: string | null;
  hidden: boolean;
  url?: string | null;
  children: MenuNode[];
}

function pagesOf(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) => [...(n.component && n.path && !n.hidden ? [n.path] : []), ...pagesOf(n.children ?? [])]);
}

const SHOTS = path.resolve('test-results/e2e/journey');

/**
 * A newcomer's first day: from a new database, every menu entry opens cleanly. Files per account and
 * share of its entries (`part` of `parts`: every parts-th entry from the part-th), so the browser
 * workers share the hundreds of page visits.
 */
export function describeJourney(users: string[], part = 0, parts = 1) {
  describe.runIf(hasChromium())('every menu entry opens cleanly', () => {
    let server: Running;
    beforeAll(async () => {
      server = await startServer();
    });
    afterAll(async () => {
      await server?.stop();
    });

    for (const user of users) {
      describe(parts > 1 ? `${user}, part ${part + 1} of ${parts}` : user, () => {
        let b: Browser;
        let pages: string[] = [];
        beforeAll(async () => {
          b = await openBrowser(1366, 860, { motion: 'reduce' });
          b.page.setDefaultTimeout(15_000);
          await signIn(b.page, server.url, user);
          const token = (await b.context.cookies()).find((c) => c.name === 'Admin-Token')!.value;
          const info = await (
            await fetch(`${server.url}/open-platform/getUserInfo`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
          ).json();
          pages = pagesOf(info.data.resourceList[0].children).filter((_, i) => i % parts === part);
        });
        afterAll(async () => {
          await b?.close();
        });

        it('has menu entries to visit', () => {
          expect(pages.length).toBeGreaterThan((user === 'admin' ? 20 : 3) / parts);
        });

        it('opens each of them without errors, failed requests or a fallback page', async () => {
          const failures: string[] = [];
          for (const p of pages) {
            const before = b.problems.length;
            await b.page.goto(`${server.url}/#${p}`);
            await pageSettled(b.page, p);
            const fallback = await b.page
              .locator(
                '.keep-alive--active .ant-result-warning, .keep-alive--active .ant-result-error, .keep-alive--active .ant-result-403',
              )
              .count();
            await screenshot(b.page, `${user}${p.replace(/\//g, '_')}`, { dir: SHOTS });
            if (fallback) failures.push(`${p}: shows an error or fallback page`);
            if (b.page.url().includes('#/404')) failures.push(`${p}: went to 404`);
            failures.push(...b.problems.slice(before).map((x) => `${p}: ${x}`));
          }
          expect(failures).toEqual([]);
        }, 900_000);
      });
    }
  });
}
