import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockSiteFetch, renderPortal } from '../test/helpers';
import { copyrightLine } from './Footer';

const consoleBase = () => window.location.origin + window.location.pathname;

describe('portal layout', () => {
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

  it('redirects / to /index and shows the home page', async () => {
    await renderPortal('#/');
    await screen.findByRole('heading', { level: 1, name: '数字供应链开放平台' });
    await waitFor(() => expect(window.location.hash).toBe('#/index'));
    await waitFor(() => expect(document.title).toBe('首页 - 数链科技集团'));
  });

  it('has the header links of spec §2.3 and the landmarks', async () => {
    await renderPortal('#/index');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    const href = (name: string) => within(nav).getByRole('link', { name }).getAttribute('href');
    expect(href('首页')).toBe('#/index');
    expect(href('八大核心组件')).toBe('#/index?id=1');
    expect(href('AI 智能体')).toBe('#/index?id=2');
    expect(href('全量组件')).toBe('#/index?id=3');
    expect(href('关于我们')).toBe('#/index/about');
    expect(href('系统演示')).toBe('#/portalShow');
    expect(within(nav).getByRole('link', { name: '首页' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('makes the consultation image clickable, leading to the contact section by default', async () => {
    await renderPortal('#/index');
    const image = await screen.findByRole('img', { name: '在线咨询' });
    await userEvent.click(image);
    await waitFor(() => expect(window.location.hash).toBe('#/index/about?section=contact'));
    await screen.findByRole('heading', { level: 2, name: '联系我们' });
  });

  it('opens the back-office login and root in new tabs', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await renderPortal('#/index');
    await userEvent.click(await screen.findByRole('button', { name: '登录' }));
    expect(open).toHaveBeenLastCalledWith(`${consoleBase()}#/login`, '_blank', 'noopener');
    await userEvent.click(screen.getByRole('button', { name: '管理后台' }));
    expect(open).toHaveBeenLastCalledWith(`${consoleBase()}#/`, '_blank', 'noopener');
  });

  it('shows the ICP number and © 2016-2025 in the footer', async () => {
    await renderPortal('#/index');
    const footer = await screen.findByRole('contentinfo');
    expect(footer.textContent).toContain('京ICP备2016000000号-1');
    expect(footer.textContent).toContain('© 2016-2025 数链科技集团');
  });

  it('uses the server settings when they exist', async () => {
    mockSiteFetch({
      body: {
        status: 0,
        msg: 'success',
        data: {
          companyName: '华东数链',
          hotline: '400-999-0000',
          icpNumber: '沪ICP备00000001号',
          copyright: '© 2016-2025',
          consultUrl: 'https://chat.example.com/',
          banners: [{ id: 1, title: '服务器横幅', subtitle: '来自后台', imageUrl: null, link: null }],
        },
      },
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await renderPortal('#/index');
    await screen.findByRole('heading', { level: 1, name: '服务器横幅' });
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('沪ICP备00000001号');
    expect(footer.textContent).toContain('© 2016-2025 华东数链');
    expect(footer.textContent).not.toContain('© ©');
    await waitFor(() => expect(document.title).toBe('首页 - 华东数链'));
    const side = screen.getByRole('complementary', { name: '快捷服务' });
    await userEvent.click(within(side).getByRole('button', { name: '在线咨询' }));
    expect(open).toHaveBeenCalledWith('https://chat.example.com/', '_blank', 'noopener');
  });

  it('has labelled side buttons: hotline tooltip, consultation, back to top', async () => {
    await renderPortal('#/index');
    const side = await screen.findByRole('complementary', { name: '快捷服务' });
    const hotline = within(side).getByRole('button', { name: '服务热线' });
    const tip = document.getElementById(hotline.getAttribute('aria-describedby')!)!;
    expect(tip.getAttribute('role')).toBe('tooltip');
    expect(tip.textContent).toContain('400-800-5656');
    await userEvent.click(hotline);
    expect(hotline.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(within(side).getByRole('button', { name: '返回顶部' }));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    await userEvent.click(within(side).getByRole('button', { name: '在线咨询' }));
    await waitFor(() => expect(window.location.hash).toBe('#/index/about?section=contact'));
  });

  it('switches language without a reload and remembers it in the cookie', async () => {
    await renderPortal('#/index');
    const select = await screen.findByLabelText('语言');
    // The switch suspends until the English module has loaded, so it is awaited inside act.
    await act(async () => {
      fireEvent.change(select, { target: { value: 'en' } });
    });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(document.cookie).toContain('language=en');
    expect(within(nav).getByRole('link', { name: 'Core components' }).getAttribute('href')).toBe('#/index?id=1');
    await waitFor(() => expect(document.title).toBe('Home - Shulian Technology Group'));
    expect(document.querySelector('.portal')?.getAttribute('lang')).toBe('en');
  });

  it('falls back to the browser language, then English, without a cookie', async () => {
    await renderPortal('#/index', null);
    await screen.findByRole('navigation', { name: 'Main navigation' });
  });

  it('shows a friendly not-found page with a link home', async () => {
    await renderPortal('#/index/nope');
    await screen.findByRole('heading', { level: 1, name: '页面不存在' });
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('#/index');
  });

  it('opens and closes the small-screen menu', async () => {
    await renderPortal('#/index');
    const button = await screen.findByRole('button', { name: '打开菜单' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: '关闭菜单' }).getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: '打开菜单' }).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('copyright line', () => {
  it('adds the company to bare years and shows a full line as written, with one © sign', () => {
    expect(copyrightLine('2016-2025', '数链科技集团', '版权所有')).toBe('© 2016-2025 数链科技集团 版权所有');
    expect(copyrightLine('© 2016-2025', '数链科技集团', '版权所有')).toBe('© 2016-2025 数链科技集团 版权所有');
    expect(copyrightLine('© 2016-2025 数链科技集团', '数链科技集团', '版权所有')).toBe('© 2016-2025 数链科技集团 版权所有');
  });
});
