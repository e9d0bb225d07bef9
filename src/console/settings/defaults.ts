/** The control sizes a user may choose (the settings drawer), largest first. */
export type SizeOption = 'default' | 'medium' | 'small' | 'mini';

// Every preset carries white text at 4.5:1 or more (WCAG 2.1 AA): buttons, the active tab and the
// sign-in button are white on the theme colour. antd's lighter defaults (#1890ff: 3.24:1) do not.
export const DEFAULT_THEME = '#1668dc';
export const DEFAULT_SIZE: SizeOption = 'medium';

/**
 * The theme colour and size of a visitor who chose none. Kept apart from the store, which reads
 * the browser's cookies and storage, so the build can render antd's styles for them in Node
 * (scripts/antdStyles.tsx).
 */
export const DEFAULT_SETTINGS = { themeColor: DEFAULT_THEME, size: DEFAULT_SIZE };
