import { theme } from 'antd';

/** The theme's primary colour, so charts follow the colour the user chose. */
export function useSettingsColor(): string {
  return theme.useToken().token.colorPrimary;
}
