import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBrowser, screenshot, startServer, type Browser, type Running } from './harness';

/** Screenshots (E2E_SHOTS=1) of each page in each language and width; PORTAL_SHOTS_DIR puts them elsewhere. */
const SHOTS = path.resolve(process.env.PORTAL_SHOTS_DIR ?? 'test-results/e2e/portal-languages');
const LANGS = ['zh', 'en', 'es', 'ja'] as const;
/** Han ideographs, kana and full-width forms: none belongs on a page in English or Spanish. */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff01-\uff60]/;

/** What the server's content makes the pages say, per language (demo data). */
const HEADLINE = {
  zh: '网络货运一站式平台',
  en: 'One-stop network freight platform',
  es: 'Plataforma integral de transporte en red',
  ja: 'ネットワーク貨物輸送のワンストップ基盤',
};
const GUIDE_FIRST = { zh: '注册与登录', en: 'Register and sign in', es: 'Registro e inicio de sesión', ja: '登録とサインイン' };

/**
 * The visible text of the page in its own language: text an element marks as another language on
 * purpose (the ICP number, the language menu's names of languages) is left out.
 */
function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const pageLang = document.querySelector('.portal')?.getAttribute('lang') ?? '';
    const own = (el: Element) => (el.closest('[lang]')?.getAttribute('lang') ?? '') === pageLang;
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent?.trim() || !own(el) || !el.checkVisibility()) continue;
      out.push(n.textContent.trim());
    }
    // Labels a screen reader speaks and the tab title are read too.
    for (const el of document.querySelectorAll('[aria-label], [title], img[alt]')) {
      if (own(el)) out.push(el.getAttribute('aria-label') ?? '', el.getAttribute('title') ?? '', el.getAttribute('alt') ?? '');
    }
    out.push(document.title);
    return out.filter(Boolean).join('\n');
  });
}

/** Loads the route afresh (a new language cookie needs a new page load, not a hash change). */
async function open(page: Page, base: string, route: string, ready: string) {
  await page.goto('about:blank');
  await page.goto(`${base}/#${route}`);
  await page.waitForFunction(
    ([want, text]) =>
      document.querySelector('.portal main')?.getAttribute('data-route') === want &&
      !document.querySelector('.p-page-loading') &&
      (document.querySelector('.portal main')?.textContent ?? '').includes(text) &&
      [...document.images].every((i) => i.complete),
    [route, ready],
  );
  // A slide swapped in fades in: the picture is taken once it has.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );
}

describe.runIf(hasChromium())('the portal in four languages in Chromium', () => {
  let server: Running;
  let b: Browser;

  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser();
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  const setLanguage = (lang: string) => b.context.addCookies([{ name: 'language', value: lang, url: server.url }]);

  it("shows no Chinese on the English and Spanish home pages once the server's texts are in", async () => {
    for (const lang of ['en', 'es'] as const) {
      await setLanguage(lang);
      await open(b.page, server.url, '/index', HEADLINE[lang]);
      await b.page
        .getByRole('contentinfo')
        .getByText(lang === 'en' ? 'Shulian Technology Group' : 'Grupo Tecnológico Shulian')
        .first()
        .waitFor();
      const text = await visibleText(b.page);
      expect(
        text.split('\n').filter((line) => CJK.test(line)),
        lang,
      ).toEqual([]);
    }
    expect(b.problems).toEqual([]);
  });

  it('would notice Chinese on the English home page: the check reads the banner the server sends', async () => {
    await b.page.route('**/open-platform/public/portal?lang=en', async (route) => {
      const body = await (await route.fetch()).json();
      body.data.site.banners[0].title = '网络货运一站式平台';
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    });
    await setLanguage('en');
    await open(b.page, server.url, '/index', '网络货运一站式平台');
    expect((await visibleText(b.page)).split('\n').filter((line) => CJK.test(line))).toEqual(['网络货运一站式平台']);
    await b.page.unroute('**/open-platform/public/portal?lang=en');
  });

  for (const width of [1366, 390]) {
    it(`shows the home page, a component and the guide in each language at ${width} px, within the width`, async () => {
      await b.page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      for (const lang of LANGS) {
        await setLanguage(lang);
        const pages: [string, string, string][] = [
          ['home', '/index', HEADLINE[lang]],
          [
            'component',
            '/index/component/detail/freight/TMS01',
            lang === 'zh' ? '运单中心' : lang === 'en' ? 'Waybill Center' : lang === 'es' ? 'Centro de cartas de porte' : '運送状センター',
          ],
          ['guide', '/index/guide', GUIDE_FIRST[lang]],
        ];
        for (const [name, route, ready] of pages) {
          await open(b.page, server.url, route, ready);
          expect(await b.page.evaluate(() => document.documentElement.scrollWidth), `${lang} ${route}`).toBeLessThanOrEqual(width);
          if (lang === 'en' || lang === 'es') {
            expect(
              (await visibleText(b.page)).split('\n').filter((line) => CJK.test(line)),
              `${lang} ${route}`,
            ).toEqual([]);
          }
          await screenshot(b.page, `${name}-${lang}-${width}`, { dir: SHOTS, fullPage: true });
        }
      }
      expect(b.problems).toEqual([]);
    });
  }
});
