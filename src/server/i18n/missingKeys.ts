import type { PageSchema } from '../../shared/schema/types.js';
import { pageI18nKeys } from '../../shared/schema/i18nKeys.js';
import { LANGUAGES, sharedCatalogue, storedMessages, type Language } from './messages.js';
import { pageCatalogue } from './pageMessages.js';

/** Every key defined per language: the shared locales and every message file of the folder, as they are on disk now. */
export function definedKeys(schemasDir: string, extra: Partial<Record<Language, Record<string, string>>> = {}): Map<Language, Set<string>> {
  return new Map(
    LANGUAGES.map((lang) => [
      lang,
      new Set([
        ...Object.keys(sharedCatalogue(lang)),
        ...Object.keys(pageCatalogue(schemasDir, lang)),
        ...Object.keys(storedMessages(lang)),
        ...Object.keys(extra[lang] ?? {}),
      ]),
    ]),
  );
}

/** Where in the page a key is written: the string itself, or the `x-enum-labels` prefix an enum's labels are made from. */
function placeOf(node: unknown, key: string, at = ''): string | undefined {
  if (typeof node === 'string') return node === key || key.startsWith(`${node}.`) ? at : undefined;
  if (!node || typeof node !== 'object') return undefined;
  for (const [k, v] of Object.entries(node)) {
    if (k === 'demo') continue;
    const found = placeOf(v, key, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * What the schema test refuses, for one page: a message key it shows that a language lacks (the raw key
 * would show on screen). Each names the key, the languages and the command that adds the key to the
 * page's message file for translation.
 */
export function missingKeyErrors(schemasDir: string, page: PageSchema, defined = definedKeys(schemasDir)): string[] {
  const out: string[] = [];
  for (const key of pageI18nKeys(page)) {
    if (!key) continue;
    const lacking = LANGUAGES.filter((lang) => !defined.get(lang)!.has(key));
    if (!lacking.length) continue;
    const where = placeOf(page, key) ?? '/title';
    out.push(
      `${where}: message key "${key}" is not defined in ${lacking.join(', ')}; run \`npm run messages -- ${page.id}\` to add it to ${page.id}.messages.json, then translate it`,
    );
  }
  return out;
}
