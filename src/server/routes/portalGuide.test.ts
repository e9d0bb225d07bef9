import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const GUIDE = 'guide/section';
const XSS =
  '<p onclick="alert(1)">Hi <script>alert(1)</script><img src=x onerror=alert(1)>' +
  '<a href="javascript:alert(1)">bad</a> <a href="https://example.com">good</a></p><iframe src="https://evil.example"></iframe>';
const CLEAN = '<p>Hi <a>bad</a> <a href="https://example.com" rel="noopener noreferrer">good</a></p>';

describe.each(dialects())('the guide and the site texts on the portal, on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const portal = async (lang: string) => dataOf(await t.app.inject({ method: 'GET', url: `/open-platform/public/portal?lang=${lang}` }));
  const stored = async (code: string) =>
    t.app.ctx.database.db.selectFrom('portal_guide').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

  it("serves the guide in the visitor's language, Chinese where a section has no text in it", async () => {
    const en = await portal('en');
    expect(en.guide.map((g: { code: string }) => g.code)).toEqual(['start', 'interfaces', 'support']);
    expect(en.guide[0].title).toBe('Register and sign in');
    expect(en.guide[0].html).toMatch(/^<p>Companies open the console/);
    const row = dataOf(await admin.get(GUIDE, '?code=support')).list[0];
    dataOf(await admin.put(GUIDE, `/${row.id}`, { ...row, bodyJa: '', titleJa: '' }));
    const ja = (await portal('ja')).guide.find((g: { code: string }) => g.code === 'support');
    expect(ja.title).toBe(row.titleZh);
    expect(ja.html).toBe(row.bodyZh);
  });

  it('stores rich text cleaned on create and on edit: no script reaches the database or the portal', async () => {
    const created = dataOf(
      await admin.post(GUIDE, '', { code: 'xss', sort: 90, status: 'online', titleZh: '测试', bodyZh: XSS, bodyEn: XSS }),
      201,
    );
    expect(created.bodyZh).toBe(CLEAN);
    expect((await stored('xss')).bodyEn).toBe(CLEAN);
    const edited = dataOf(
      await admin.put(GUIDE, `/${created.id}`, {
        ...created,
        bodyEs: '<h3 style="x">T</h3><img src="javascript:alert(1)"><svg onload=alert(1)></svg>',
      }),
    );
    expect(edited.bodyEs).toBe('<h3>T</h3>');
    expect((await stored('xss')).bodyEs).toBe('<h3>T</h3>');
    for (const lang of ['zh', 'en', 'es', 'ja']) {
      const html = (await portal(lang)).guide.find((g: { code: string }) => g.code === 'xss').html as string;
      expect(html).not.toMatch(/script|onerror|onclick|javascript|iframe|svg/i);
    }
  });

  it('cleans again on the way out a row stored around the data API', async () => {
    await t.app.ctx.database.db
      .updateTable('portal_guide')
      .set({ bodyEn: '<p>ok</p><script>alert(1)</script>' })
      .where('code', '=', 'start')
      .execute();
    expect((await portal('en')).guide[0].html).toBe('<p>ok</p>');
  });

  it('refuses a required rich text that is nothing once cleaned, and changes nothing', async () => {
    const res = refusal(
      await admin.post(GUIDE, '', { code: 'empty', sort: 1, status: 'online', titleZh: '空', bodyZh: '<script>alert(1)</script>' }),
      400,
    );
    expect(Object.keys(res.data.fieldErrors)).toEqual(['bodyZh']);
    expect(
      await t.app.ctx.database.db.selectFrom('portal_guide').select('id').where('code', '=', 'empty').executeTakeFirst(),
    ).toBeUndefined();
  });

  it("sends the company name, copyright and banners in the visitor's language, Chinese where one is missing", async () => {
    const zh = (await portal('zh')).site;
    expect(zh.companyName).toBe('数链科技集团');
    expect(zh.banners[0].title).toBe('网络货运一站式平台');
    const en = (await portal('en')).site;
    expect(en.companyName).toBe('Shulian Technology Group');
    expect(en.copyright).toBe('© 2016-2025 Shulian Technology Group');
    expect(en.banners.map((b: { title: string }) => b.title)).toEqual([
      'One-stop network freight platform',
      'Tax compliance, smart filing',
      'Cloud Pay: funds delivered safely',
      'AI agents for logistics',
    ]);
    const cjk = /[\u3040-\u30ff\u3400-\u9fff]/;
    for (const lang of ['en', 'es']) {
      const { site } = await portal(lang);
      expect(JSON.stringify([site.companyName, site.copyright, site.banners])).not.toMatch(cjk);
    }
    const banner = dataOf(await admin.get('systemManage/banner', '?position=portalHome&sort=sort')).list[0];
    dataOf(await admin.put('systemManage/banner', `/${banner.id}`, { ...banner, titleEs: null, subtitleEs: null }));
    const es = (await portal('es')).site.banners[0];
    expect(es).toMatchObject({ title: banner.title, subtitle: banner.subtitle });
  });
});
