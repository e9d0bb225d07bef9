import { theme as antTheme, type ThemeConfig } from 'antd';
import type { Settings, SizeOption } from './settings/store';

const CONTROL_HEIGHT: Record<SizeOption, number> = { default: 36, medium: 32, small: 28, mini: 24 };
// Smaller sizes also set smaller text, so "small" and "mini" fit visibly more rows on a screen.
const FONT_SIZE: Record<SizeOption, number> = { default: 15, medium: 14, small: 13, mini: 12 };

/** antd's theme for the user's settings (colour and size). */
export function consoleTheme(settings: Pick<Settings, 'themeColor' | 'size'>): ThemeConfig {
  return {
    algorithm: antTheme.defaultAlgorithm,
    token: {
      colorPrimary: settings.themeColor,
      colorInfo: settings.themeColor,
      // antd's secondary greys (#8c8c8c, 3.36:1 on white) carry breadcrumbs, hints and captions: darkened to pass 4.5:1.
      colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
      colorTextDescription: 'rgba(0, 0, 0, 0.6)',
      // Placeholders of selects are real text to axe and to readers: #bfbfbf (1.83:1) was unreadable.
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
      // Danger buttons and error text: #ff4d4f is 3.26:1 on white; #cf1322 is 5.57:1.
      colorError: '#cf1322',
      // Status tags print their text in these on their own light tint.
      colorSuccessText: '#237804',
      colorWarningText: '#874d00',
      colorErrorText: '#cf1322',
      controlHeight: CONTROL_HEIGHT[settings.size],
      fontSize: FONT_SIZE[settings.size],
      borderRadius: 6,
      fontFamily:
        '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
    },
  };
}

/** antd's component size for the user's size setting. */
export function componentSize(size: SizeOption): 'small' | 'middle' | 'large' {
  return size === 'mini' || size === 'small' ? 'small' : size === 'default' ? 'large' : 'middle';
}
