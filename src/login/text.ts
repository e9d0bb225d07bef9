import type { Language } from '../i18n/languages';

type Messages = { [key: string]: string | Messages };
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

// The same strings the console reads through i18next (part "auth"), looked up without it: the
// sign-in screen loads before the console and must stay small.
const parts = import.meta.glob<{ default: Messages }>('../i18n/locales/*/auth.json');

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A translator over one language's messages, with i18next's `{{name}}` placeholders. */
export function translator(messages: Messages): Translate {
  return (key, vars) => (lookup(messages, key) ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars?.[name] ?? ''));
}

export async function loadAuthText(lang: Language): Promise<Translate> {
  const load = parts[`../i18n/locales/${lang}/auth.json`] ?? parts['../i18n/locales/en/auth.json'];
  return translator((await load()).default);
}
