import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE, loadSiteData, resetSiteData, SITE_ENDPOINT, SITE_TIMEOUT_MS } from './siteData';
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
    const data = await loadSiteData();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0][0])).toBe(SITE_ENDPOINT);
    expect(data.hotline).toBe('400-123-4567');
    expect(data.icpNumber).toBe('沪ICP备12345678号');
    expect(data.companyName).toBe('测试物流集团');
    expect(data.consultUrl).toBe('https://chat.example.com/');
    // A banner without a title is dropped; an image from another host is never loaded.
    expect(data.banners.map((b) => b.id)).toEqual([7, 8]);
    expect(data.banners[0].imageUrl).toBe(new URL('/uploads/banner.png', window.location.href).href);
    expect(data.banners[1].imageUrl).toBeNull();
    await loadSiteData();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('falls back to the defaults when the endpoint does not exist yet', async () => {
    mockSiteFetch({ status: 404 });
    expect(await loadSiteData()).toEqual(DEFAULT_SITE);
  });

  it('falls back to the defaults on a network error', async () => {
    mockSiteFetch(new TypeError('Failed to fetch'));
    expect(await loadSiteData()).toEqual(DEFAULT_SITE);
  });

  it('falls back to the defaults when the envelope reports an error or the JSON is bad', async () => {
    mockSiteFetch({ body: { status: 500, msg: 'boom', data: null } });
    expect(await loadSiteData()).toEqual(DEFAULT_SITE);
    resetSiteData();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>', { status: 200 })));
    expect(await loadSiteData()).toEqual(DEFAULT_SITE);
  });

  it('fills empty fields with the defaults', async () => {
    mockSiteFetch({ body: { status: 0, msg: 'success', data: { companyName: '', hotline: ' ', icpNumber: '', copyright: '', consultUrl: '', banners: [] } } });
    const data = await loadSiteData();
    expect(data).toEqual(DEFAULT_SITE);
    expect(data.hotline).toBe('400-800-5656');
    expect(data.icpNumber).toBe('京ICP备2016000000号-1');
    expect(data.copyright).toBe('2016-2025');
  });

  it(`gives up after ${SITE_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = loadSiteData();
    await vi.advanceTimersByTimeAsync(SITE_TIMEOUT_MS + 10);
    expect(await pending).toEqual(DEFAULT_SITE);
  });
});
