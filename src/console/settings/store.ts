import { useSyncExternalStore } from 'react';
import Cookies from 'js-cookie';
import { DEFAULT_SIZE, DEFAULT_THEME, type SizeOption } from './defaults';

export type { SizeOption } from './defaults';

export interface Settings {
  themeColor: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  size: SizeOption;
  sidebarOpened: boolean;
}

export { DEFAULT_THEME };
export const THEME_PRESETS = ['#1668dc', '#006d75', '#237804', '#ad4e00', '#cf1322', '#722ed1', '#c41d7f', '#2f54eb'];
/** The earlier, lighter presets a saved cookie may still hold, and the preset of the same hue that replaced each. */
const FORMER_PRESETS: Record<string, string> = {
  '#1890ff': '#1668dc',
  '#13c2c2': '#006d75',
  '#52c41a': '#237804',
  '#faad14': '#ad4e00',
  '#f5222d': '#cf1322',
  '#eb2f96': '#c41d7f',
};

const COOKIE = { themeColor: 'themeColor', size: 'size', sidebar: 'sidebarStatus' };
const LOCAL = 'console.settings';

function read(): Settings {
  let local: Partial<Settings> = {};
  try {
    local = JSON.parse(localStorage.getItem(LOCAL) ?? '{}');
  } catch {
    local = {};
  }
  const theme = Cookies.get(COOKIE.themeColor);
  const size = Cookies.get(COOKIE.size) as SizeOption | undefined;
  return {
    // The colour lives in a cookie so public/theme-boot.js can paint it before React starts.
    themeColor: theme && /^#[0-9a-fA-F]{6}$/.test(theme) ? (FORMER_PRESETS[theme.toLowerCase()] ?? theme) : DEFAULT_THEME,
    tagsView: local.tagsView ?? true,
    fixedHeader: local.fixedHeader ?? true,
    sidebarLogo: local.sidebarLogo ?? true,
    size: size && ['default', 'medium', 'small', 'mini'].includes(size) ? size : DEFAULT_SIZE,
    sidebarOpened: Cookies.get(COOKIE.sidebar) !== '0',
  };
}

let state: Settings = read();
const listeners = new Set<() => void>();

export const settingsStore = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  update(patch: Partial<Settings>) {
    state = { ...state, ...patch };
    Cookies.set(COOKIE.themeColor, state.themeColor, { expires: 365, sameSite: 'Lax' });
    Cookies.set(COOKIE.size, state.size, { expires: 365, sameSite: 'Lax' });
    Cookies.set(COOKIE.sidebar, state.sidebarOpened ? '1' : '0', { expires: 365, sameSite: 'Lax' });
    const { tagsView, fixedHeader, sidebarLogo } = state;
    localStorage.setItem(LOCAL, JSON.stringify({ tagsView, fixedHeader, sidebarLogo }));
    listeners.forEach((l) => l());
  },
};

export function useSettings(): Settings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.get, settingsStore.get);
}
