import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhWidgets from '../i18n/locales/zh/widgets.json';
import enWidgets from '../i18n/locales/en/widgets.json';

/**
 * Test-only i18n: the widgets part in English and Chinese plus the few shared keys the widgets use
 * (common.yes/no, datePresets.*, time.*), so tests never depend on the console's locale loader.
 */
const shared = {
  en: {
    common: { yes: 'Yes', no: 'No' },
    datePresets: { lastWeek: 'Last week', lastMonth: 'Last month', lastThreeMonths: 'Last 3 months' },
    time: { justNow: 'just now', minutesAgo: '{{count}} min ago', hoursAgo: '{{count}} h ago', oneDayAgo: '1 day ago' },
  },
  zh: {
    common: { yes: '是', no: '否' },
    datePresets: { lastWeek: '最近一周', lastMonth: '最近一个月', lastThreeMonths: '最近三个月' },
    time: { justNow: '刚刚', minutesAgo: '{{count}} 分钟前', hoursAgo: '{{count}} 小时前', oneDayAgo: '1 天前' },
  },
};

export async function setupTestI18n(lang: 'en' | 'zh' = 'en', extra: Record<string, unknown> = {}) {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: lang,
      fallbackLng: false,
      resources: {
        en: { translation: { ...shared.en, ...enWidgets } },
        zh: { translation: { ...shared.zh, ...zhWidgets } },
      },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  } else if (i18next.language !== lang) {
    await i18next.changeLanguage(lang);
  }
  if (Object.keys(extra).length) i18next.addResourceBundle(lang, 'translation', extra, true, true);
  return i18next;
}
