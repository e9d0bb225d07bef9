import fs from 'node:fs';
import path from 'node:path';
import type { PageSchema } from '../../shared/schema/types.js';
import { pageI18nKeys } from '../../shared/schema/i18nKeys.js';
import { parseComponentPath } from '../../shared/routes/componentPath.js';
import { flattenMenu, type MenuSeed } from '../db/menuSync.js';
import {
  listMessageFiles,
  MESSAGE_LANGUAGES,
  messagesFileOf,
  readMessagesFile,
  TODO_MARK,
  writeMessagesFile,
  type MessageLanguage,
  type PageMessages,
} from './pageMessages.js';

type Index = Record<MessageLanguage, Map<string, string>>;

function flatten(obj: Record<string, unknown>, prefix: string, out: Map<string, string>) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v as Record<string, unknown>, key, out);
    else out.set(key, String(v));
  }
}

/** Every key defined anywhere, per language: shared locale parts and every page's message file. */
export function messageIndex(localesDir: string, schemasDir: string): Index {
  const index = Object.fromEntries(MESSAGE_LANGUAGES.map((l) => [l, new Map<string, string>()])) as Index;
  for (const lang of MESSAGE_LANGUAGES) {
    const dir = path.join(localesDir, lang);
    for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.json')))
      flatten(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')), '', index[lang]);
    for (const file of listMessageFiles(schemasDir).values()) {
      for (const [k, v] of Object.entries(readMessagesFile(file)[lang])) index[lang].set(k, v);
    }
  }
  return index;
}

/** A readable stand-in from the key's last part: "fields.signName" gives "Sign name". */
function fromKey(key: string): string {
  const words = key
    .split('.')
    .pop()!
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The keys a page shows: those of its schema and the titles of the menu entries that open it. */
export function keysOfPage(page: PageSchema, menu: MenuSeed[]): string[] {
  const titles = flattenMenu(menu)
    .filter((m) => m.component && parseComponentPath(m.component)?.pageId === page.id)
    .map((m) => m.menuTitle);
  return [...new Set([...pageI18nKeys(page), ...titles])];
}

export interface Added {
  file: string;
  keys: string[];
  texts: number;
}

/**
 * Puts every key the page shows that some language lacks into the page's message file, with the
 * Chinese (else English, else any) text or a text made from the key, marked for translation.
 */
export function addMissingMessages(page: PageSchema, menu: MenuSeed[], localesDir: string, schemasDir: string): Added {
  const index = messageIndex(localesDir, schemasDir);
  const file = messagesFileOf(schemasDir, page.id);
  const own: PageMessages = fs.existsSync(file) ? readMessagesFile(file) : { zh: {}, en: {}, es: {}, ja: {} };
  const keys: string[] = [];
  let texts = 0;
  for (const key of keysOfPage(page, menu)) {
    const missing = MESSAGE_LANGUAGES.filter((l) => !index[l].has(key));
    if (!missing.length) continue;
    const known = ['zh', 'en', 'es', 'ja'].map((l) => index[l as MessageLanguage].get(key)).find((t) => t !== undefined);
    const text = (known ?? fromKey(key)).replace(TODO_MARK, '');
    for (const lang of missing) own[lang][key] = `${TODO_MARK}${text}`;
    keys.push(key);
    texts += missing.length;
  }
  if (keys.length) writeMessagesFile(file, page.id, own);
  return { file, keys, texts };
}
