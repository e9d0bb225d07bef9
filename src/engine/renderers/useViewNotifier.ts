import { useMemo } from 'react';
import { App } from 'antd';
import type { ViewNotifier } from '../controllers/viewNotifier';

/** The controllers' notifier drawn with antd's message, inside the console's App (so it follows the theme). */
export function useViewNotifier(): ViewNotifier {
  const { message } = App.useApp();
  return useMemo(() => ({ success: (text) => void message.success(text), error: (text) => void message.error(text) }), [message]);
}
