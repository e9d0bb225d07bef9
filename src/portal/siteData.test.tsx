import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PORTAL_ENDPOINT } from './portalData';
import { DEFAULT_SITE, loadSiteData, resetSiteData } from './siteData';
import { mockSiteFetch } from './test/helpers';

describe('public site data', () => {
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    resetSiteData();
    errors = vi.spyOn(console, 'error');
  });
  afterEach(() => {
    expect(errors).not.toHaveBeenCalled();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the server answer and keeps it for later callers', async () => {
    const fetch = mockSiteFetch({
      body: {
        status: 0,
        msg: 'success',
        data: {
          companyName: '测试物流集团',
          hotline: '400-123-4567',
          icpNumber: '沪ICP备12345678号',
          copyright: '2016-2025',
          consultUrl: 'https://chat.example.com/',
          banners: [
            { id: 7, title: '新版上线', subtitle: '副标题', imageUrl: '/uploads/banner.png', link: '#/index?id=2' },
            { id: 8, title: '外链图片', subtitle: '', imageUrl: 'https://cdn.example.com/x.png', link: null },
            { id: 9, title: '', subtitle: 'no title', imageUrl: null, link: null },
          ],
        },
      },
    });
    const data = await loadSiteData('zh');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0][0])).toBe(`${PORTAL_ENDPOINT}?lang=zh`);
    expect(data.hotline).toBe('400-123-4567');
    expect(data.icpNumber).toBe('沪ICP备12345678号');
    expect(data.companyName).toBe('测试物流集团');
    expect(data.consultUrl).toBe('https://chat.example.com/');
    // A banner without a title is dropped; an image from another host is never loaded.
    expect(data.banners.map((b) => b.id)).toEqual([7, 8]);
    expect(data.banners[0].imageUrl).toBe(new URL('/uploads/banner.png', window.location.href).href);
    expect(data.banners[1].imageUrl).toBeNull();
    await loadSiteData('zh');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('falls back to the defaults when the endpoint does not exist yet', async () => {
    mockSiteFetch({ status: 404 });
    expect(await loadSiteData('zh')).toEqual(DEFAULT_SITE);
  });

  it('falls back to the defaults on a network error', async () => {
    mockSiteFetch(new TypeError('Failed to fetch'));
    expect(await loadSiteData('zh')).toEqual(DEFAULT_SITE);
  });

  it('falls back to the defaults when the envelope reports an error or the JSON is bad', async () => {
    mockSiteFetch({ body: { status: 500, msg: 'boom', data: null } });
    expect(await loadSiteData('zh')).toEqual(DEFAULT_SITE);
    resetSiteData();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 200 })),
    );
    expect(await loadSiteData('zh')).toEqual(DEFAULT_SITE);
  });

  it('fills empty fields with the defaults', async () => {
    mockSiteFetch({
      body: {
        status: 0,
        msg: 'success',
        data: { companyName: '', hotline: ' ', icpNumber: '', copyright: '', consultUrl: '', banners: [] },
      },
    });
    const data = await loadSiteData('zh');
    expect(data).toEqual(DEFAULT_SITE);
    expect(data.hotline).toBe('400-800-5656');
    expect(data.icpNumber).toBe('京ICP备2016000000号-1');
    expect(data.copyright).toBe('2016-2025');
  });

  it("asks once per language and keeps each language's answer apart", async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const lang = new URL(String(input), window.location.href).searchParams.get('lang');
      const site = {
        companyName: lang === 'en' ? 'Shulian Technology Group' : '数链科技集团',
        banners: [{ id: 1, title: lang === 'en' ? 'Network freight' : '网络货运' }],
      };
      return new Response(JSON.stringify({ status: 0, data: { lang, components: [], showcase: [], links: [], guide: [], site } }), {
        status: 200,
      });
    });
    vi.stubGlobal('fetch', fetch);
    const [zh, en] = await Promise.all([loadSiteData('zh'), loadSiteData('en')]);
    expect([zh.companyName, zh.banners[0].title]).toEqual(['数链科技集团', '网络货运']);
    expect([en.companyName, en.banners[0].title]).toEqual(['Shulian Technology Group', 'Network freight']);
    await loadSiteData('en');
    expect(fetch.mock.calls.map((c) => String(c[0]))).toEqual([`${PORTAL_ENDPOINT}?lang=zh`, `${PORTAL_ENDPOINT}?lang=en`]);
  });
});
