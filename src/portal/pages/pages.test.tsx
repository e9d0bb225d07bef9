import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockSiteFetch, renderPortal } from '../test/helpers';

/** Follows a hash link and waits inside act for the lazy page it leads to. */
async function follow(link: HTMLElement) {
  await act(async () => {
    fireEvent.click(link);
  });
}

describe('portal pages', () => {
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    errors = vi.spyOn(console, 'error');
    mockSiteFetch({ status: 404 });
  });
  afterEach(() => {
    // Unmount first, so a failed expectation here never leaves a page behind for the next test.
    cleanup();
    const logged = errors.mock.calls.map((args: unknown[]) => args.map(String).join(' '));
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    expect(logged).toEqual([]);
  });

  it('shows the showcase menu of spec §2.4 and the first leaf by default', async () => {
    await renderPortal('#/portalShow');
    const menu = await screen.findByRole('navigation', { name: '演示菜单' });
    // Groups with several leaves are headings; single-leaf groups are one link named after the leaf.
    for (const group of ['基础管理', '智能算法', '物联设备']) expect(within(menu).getByText(group)).toBeTruthy();
    for (const single of ['接口服务', '支付网关', '监管平台', '数据洞察', '三方平台'])
      expect(within(menu).getByRole('link', { name: single })).toBeTruthy();
    expect(within(menu).getAllByRole('link')).toHaveLength(15);
    expect(screen.getByRole('heading', { level: 1, name: '基础信息' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: '基础信息' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('基础信息 - 系统演示 - 数链科技集团'));
  });

  it('navigates between leaves; the three iot leaves share one page', async () => {
    await renderPortal('#/portalShow/index/basic/basicInfo');
    const menu = await screen.findByRole('navigation', { name: '演示菜单' });
    await follow(within(menu).getByRole('link', { name: '路径优化' }));
    await screen.findByRole('heading', { level: 1, name: '路径优化' });
    expect(window.location.hash).toBe('#/portalShow/index/algorithm/pathOptimize');

    await follow(within(menu).getByRole('link', { name: 'PDA 与指环扫码' }));
    await screen.findByRole('heading', { level: 1, name: 'PDA 与指环扫码' });
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(expect.arrayContaining(['打印系统', 'PDA 与指环扫码', '车辆定位']));
    expect(screen.getByRole('heading', { level: 2, name: 'PDA 与指环扫码' }).closest('li')?.getAttribute('aria-current')).toBe('true');
    await follow(within(menu).getByRole('link', { name: '车辆定位' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: '车辆定位' }).closest('li')?.getAttribute('aria-current')).toBe('true'),
    );
  });

  it("sends a leaf's button to its url, the console dashboard", async () => {
    await renderPortal('#/portalShow/index/payment/paymentGateway');
    await userEvent.click(await screen.findByRole('button', { name: /进入系统体验/ }));
    expect(window.location.hash).toBe('#/home');
  });

  it('shows the not-found page for an unknown showcase leaf', async () => {
    await renderPortal('#/portalShow/index/iot/I04_09');
    await screen.findByRole('heading', { level: 1, name: '页面不存在' });
  });

  it('shows a component detail page with its features, solutions and siblings', async () => {
    await renderPortal('#/index/component/detail/trust/OCR01');
    await screen.findByRole('heading', { level: 1, name: 'OCR 证照识别' });
    expect(screen.getByText('十余种证照自动识别')).toBeTruthy();
    const facts = screen.getByRole('complementary', { name: 'OCR 证照识别' });
    expect(
      within(facts)
        .getByRole('link', { name: /智慧物流园区/ })
        .getAttribute('href'),
    ).toBe('#/solution/park');
    expect(screen.getByRole('link', { name: /实名核验/ }).getAttribute('href')).toBe('#/index/component/detail/trust/VRF01');
    expect(screen.getByRole('navigation', { name: '当前位置' }).textContent).toContain('八大核心组件');
    // The title is set by an effect after the page has drawn (the previous page's may still be there).
    await waitFor(() => expect(document.title).toBe('OCR 证照识别 - 数链科技集团'));
  });

  it('refuses a component under the wrong type', async () => {
    await renderPortal('#/index/component/detail/freight/OCR01');
    await screen.findByRole('heading', { level: 1, name: '页面不存在' });
  });

  it('shows the offerings with and without text', async () => {
    await renderPortal('#/index?id=1');
    await screen.findByRole('heading', { level: 1, name: '八大核心组件' });
    expect(screen.getByText('订单拆单、合单与批量导入')).toBeTruthy();
    await follow(screen.getByRole('link', { name: '精简视图' }));
    await waitFor(() => expect(screen.queryByText('订单拆单、合单与批量导入')).toBeNull());
    expect(window.location.hash).toBe('#/index?id=1&text=0');

    await act(async () => {
      window.location.hash = '#/index?id=2';
    });
    await screen.findByRole('heading', { level: 1, name: 'AI 智能体' });
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(6);

    await act(async () => {
      window.location.hash = '#/index?id=3';
    });
    await screen.findByRole('heading', { level: 1, name: '全量组件' });
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(24);
  });

  it('shows the about page with company, contact and ecosystem sections', async () => {
    await renderPortal('#/index/about?section=ecology');
    await screen.findByRole('heading', { level: 1, name: '关于我们' });
    for (const name of ['公司介绍', '联系我们', '生态合作']) expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    expect(screen.getByRole('img', { name: '华信银行' })).toBeTruthy();
    expect(screen.getAllByText('400-800-5656').length).toBeGreaterThan(0);
  });

  it('shows a solution page and the solutions index', async () => {
    await renderPortal('#/solution/ntocc');
    await screen.findByRole('heading', { level: 1, name: '网络货运' });
    expect(screen.getByRole('heading', { level: 2, name: '行业痛点' })).toBeTruthy();
    expect(screen.getByText('-32%')).toBeTruthy();
    await act(async () => {
      window.location.hash = '#/solution';
    });
    await screen.findByRole('heading', { level: 1, name: '解决方案' });
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 })).toHaveLength(10);
  });

  it("shows the guide from the server in the page's language, with its contents, and says so when it is empty", async () => {
    const guide = [
      { code: 'start', title: 'Register and sign in', html: '<p>Open the <strong>console</strong>.</p>' },
      { code: 'support', title: 'Billing and support', html: '<ul><li>Hotline</li></ul>' },
    ];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const lang = new URL(String(input), window.location.href).searchParams.get('lang');
      return new Response(
        JSON.stringify({ status: 0, data: { lang, components: [], showcase: [], links: [], guide: lang === 'en' ? guide : [], site: {} } }),
      );
    });
    vi.stubGlobal('fetch', fetch);
    await renderPortal('#/index/guide', 'en');
    await screen.findByRole('heading', { level: 1, name: 'Guide' });
    const toc = await screen.findByRole('navigation', { name: 'Contents' });
    expect(
      within(toc)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Register and sign in', 'Billing and support']);
    const section = screen.getByRole('article', { name: 'Register and sign in' });
    expect(within(section).getByText('console').tagName).toBe('STRONG');
    expect(String(fetch.mock.calls[0][0])).toContain('lang=en');
    cleanup();
    await renderPortal('#/index/guide', 'ja');
    await screen.findByText('ガイドは準備中です。後ほどご確認いただくか、サービスホットラインまでお問い合わせください。');
  });

  it("names header links and showcase leaves as the console does, in the page's language", async () => {
    const data = {
      lang: 'en',
      components: [],
      guide: [],
      site: {},
      links: [{ position: 'header', title: 'Start here', url: '#/index' }],
      showcase: [{ group: 'algorithm', leaf: 'pathOptimize', title: 'Routing studio', url: 'https://demo.example.com/route' }],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: 0, data }))),
    );
    await renderPortal('#/portalShow/index/algorithm/pathOptimize', 'en');
    await screen.findByRole('heading', { level: 1, name: 'Routing studio' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Start here' }).getAttribute('href')).toBe('#/index');
    expect(within(screen.getByRole('navigation', { name: 'Demo menu' })).getByRole('link', { name: 'Routing studio' })).toBeTruthy();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await userEvent.click(screen.getByRole('button', { name: /Try it in the console/ }));
    expect(open).toHaveBeenCalledWith('https://demo.example.com/route', '_blank', 'noopener');
  });
});
