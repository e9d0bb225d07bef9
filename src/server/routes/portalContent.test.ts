import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const PAGE = 'componentManage/component';

describe.each(dialects())("the portal's public content on %s", (dialect) => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const portal = (lang: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/open-platform/public/portal?lang=${lang}`, headers });
  const component = async (code: string) =>
    (dataOf(await admin.get(PAGE, `?code=${code}`)).list as Record<string, unknown>[]).find((r) => r.code === code)!;

  it('answers without a session, in the asked language, with the catalogue, links and showcase', async () => {
    const en = dataOf(await portal('en'));
    expect(en.lang).toBe('en');
    const tms = en.components.find((c: { code: string }) => c.code === 'TMS01');
    expect(tms).toMatchObject({ type: 'freight', core: true, name: 'Waybill Center' });
    expect(tms.description).toMatch(/^The Waybill Center/);
    expect(en.components).toHaveLength(30);
    expect(en.links.map((l: { title: string }) => l.title)).toContain('About us');
    expect(en.showcase[0]).toMatchObject({ group: 'basic', leaf: 'basicInfo', title: 'Master data' });
    const ja = dataOf(await portal('ja'));
    expect(ja.components.find((c: { code: string }) => c.code === 'TMS01').name).not.toBe('Waybill Center');
    // An unknown language is Chinese.
    expect(dataOf(await portal('xx')).lang).toBe('zh');
  });

  it('falls back to Chinese for a text missing in the language, and shows console edits at once', async () => {
    const row = await component('PAY01');
    dataOf(await admin.put(PAGE, `/${row.id}`, { ...row, summaryEs: '', descriptionEn: 'Edited in the console.' }));
    const es = dataOf(await portal('es')).components.find((c: { code: string }) => c.code === 'PAY01');
    expect(es.summary).toBe(row.summaryZh);
    const en = dataOf(await portal('en')).components.find((c: { code: string }) => c.code === 'PAY01');
    expect(en.description).toBe('Edited in the console.');
  });

  it('revalidates with the ETag: 304 while nothing changed, 200 with a new tag after an edit', async () => {
    const first = await portal('en');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await portal('en', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const row = await component('TAX01');
    dataOf(await admin.put(PAGE, `/${row.id}`, { ...row, nameEn: 'Tax Agency' }));
    const changed = await portal('en', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('leaves offline components out', async () => {
    const row = await component('AGT06');
    dataOf(await admin.put(PAGE, `/${row.id}`, { ...row, status: 'offline' }));
    expect(dataOf(await portal('zh')).components.map((c: { code: string }) => c.code)).not.toContain('AGT06');
  });

  it('refuses a component without its Chinese name, and one with a bad code, field by field', async () => {
    const res = refusal(
      await admin.post(PAGE, '', {
        code: 'bad',
        type: 'freight',
        nameEn: 'X',
        summaryZh: 'x',
        descriptionZh: 'x',
        sort: 1,
        status: 'online',
      }),
      400,
    );
    expect(Object.keys(res.data.fieldErrors)).toEqual(expect.arrayContaining(['code', 'nameZh']));
  });
});
