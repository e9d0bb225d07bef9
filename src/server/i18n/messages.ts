import fs from 'node:fs';
import path from 'node:path';
import { pageCatalogue } from './pageMessages.js';

export const LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

// Set on each request by the auth plugin; declared here, beside its type, as context.ts sits below this layer.
declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
}

type Catalogue = Record<string, string>;

const catalogues = new Map<Language, Catalogue>();

// Folders of the project, from where the server runs, as config.ts finds its own: the server also
// runs bundled (scripts/buildServer.mjs), from a file that is not beside its sources.
const localesDir = path.resolve('src/i18n/locales');
// The pages' own message files live beside their schemas; the server started on a folder reads that folder's.
let pagesDir = path.resolve('src/schemas');

function flatten(obj: Record<string, unknown>, prefix = '', out: Catalogue = {}): Catalogue {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v as Record<string, unknown>, key, out);
    else out[key] = String(v);
  }
  return out;
}

/**
 * Every shared locale part and every page's message file, so server messages can use page and field
 * titles too, and a page's strings reach the console with its schema.
 */
function load(lang: Language): Catalogue {
  return Object.assign({}, sharedCatalogue(lang), pageCatalogue(pagesDir, lang), stored[lang]);
}

let stored: Partial<Record<Language, Catalogue>> = {};
/** The messages of the pages made in the playground (kept in the database, not in files), read with the files'. */
export function setStoredMessages(messages: Partial<Record<Language, Catalogue>>): void {
  stored = messages;
  catalogues.clear();
}
export const storedMessages = (lang: Language): Catalogue => stored[lang] ?? {};

const shared = new Map<Language, Catalogue>();
/** The keys shared by many pages (src/i18n/locales), which are part of the build and never change while the server runs. */
export function sharedCatalogue(lang: Language): Catalogue {
  let c = shared.get(lang);
  if (!c) {
    const dir = path.join(localesDir, lang);
    c = {};
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      flatten(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), '', c);
    }
    shared.set(lang, c);
  }
  return c;
}

/** The schemas folder whose message files are read (the server's SCHEMAS_DIR). */
export function readPagesFrom(dir: string): void {
  if (path.resolve(dir) === pagesDir) return;
  pagesDir = path.resolve(dir);
  catalogues.clear();
}

/** Reads the message files again on next use (a reload of pages brings their new messages). */
export function reloadMessages(): void {
  catalogues.clear();
}
function catalogue(lang: Language): Catalogue {
  let c = catalogues.get(lang);
  if (!c) {
    c = load(lang);
    catalogues.set(lang, c);
  }
  return c;
}

export function translate(lang: Language, key: string, params: Record<string, unknown> = {}): string {
  const template = catalogue(lang)[key] ?? catalogue('en')[key] ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined || v === null) return '';
    // A parameter may be a whole message of its own ({key, params}): a cell's error inside its row's.
    if (typeof v === 'object' && typeof (v as { key?: unknown }).key === 'string') {
      const inner = v as { key: string; params?: Record<string, unknown> };
      return translate(lang, inner.key, inner.params);
    }
    // A parameter that is itself a message key (a field title) is translated in place.
    return typeof v === 'string' && catalogue(lang)[v] !== undefined ? catalogue(lang)[v] : String(v);
  });
}

/** A malformed escape in a cookie is read as written: the caller still gets an answer, in some language. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The console sends Accept-Language with its current language; the language cookie is the fallback. */
export function pickLanguage(acceptLanguage: string | undefined, cookieHeader: string | undefined): Language {
  const candidates: string[] = [];
  if (acceptLanguage) candidates.push(...acceptLanguage.split(',').map((s) => s.split(';')[0].trim()));
  const cookie = cookieHeader?.match(/(?:^|;\s*)language=([^;]+)/)?.[1];
  if (cookie) candidates.push(safeDecode(cookie));
  for (const c of candidates) {
    const base = c.toLowerCase().split('-')[0] as Language;
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}
