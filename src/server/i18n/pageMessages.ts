import fs from 'node:fs';
import path from 'node:path';

export const MESSAGE_LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** A page's own strings, beside its schema: `<page>.messages.json`, flat keys per language. */
export interface PageMessages {
  $schema?: string;
  zh: Record<string, string>;
  en: Record<string, string>;
  es: Record<string, string>;
  ja: Record<string, string>;
}

export const MESSAGES_SUFFIX = '.messages.json';

/** Marks a text the messages command put in for a translator; the schema test lists them. */
export const TODO_MARK = '⟦TODO⟧ ';

/** The messages file of a page id, under the schemas folder. */
export const messagesFileOf = (schemasDir: string, pageId: string) => path.join(schemasDir, `${pageId}${MESSAGES_SUFFIX}`);

/** The `$schema` reference a messages file at that depth under the schemas folder uses. */
export function messagesSchemaRef(pageId: string): string {
  const up = '../'.repeat(pageId.split('/').length);
  return `${up}shared/schema/messages.schema.json`;
}

/** Every messages file under the folder, by page id. */
export function listMessageFiles(schemasDir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile() && e.name.endsWith(MESSAGES_SUFFIX)) {
        out.set(path.relative(schemasDir, full).replace(/\\/g, '/').slice(0, -MESSAGES_SUFFIX.length), full);
      }
    }
  };
  if (fs.existsSync(schemasDir)) walk(schemasDir);
  return out;
}

export function readMessagesFile(file: string): PageMessages {
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<PageMessages>;
  const out = { ...json } as PageMessages;
  for (const lang of MESSAGE_LANGUAGES) out[lang] = json[lang] ?? {};
  return out;
}

/** Written with the languages in a fixed order and keys sorted, so diffs stay small. */
export function writeMessagesFile(file: string, pageId: string, messages: PageMessages): void {
  const sorted = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  const body: Record<string, unknown> = { $schema: messagesSchemaRef(pageId) };
  for (const lang of MESSAGE_LANGUAGES) body[lang] = sorted(messages[lang] ?? {});
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
}

/** Every page's strings in one language, merged (a key is defined by one file only; the schema test holds that). */
export function pageCatalogue(schemasDir: string, lang: MessageLanguage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const file of listMessageFiles(schemasDir).values()) {
    // A file broken after the last check is skipped: its keys show as keys until it is fixed and reloaded.
    try {
      Object.assign(out, readMessagesFile(file)[lang]);
    } catch {
      continue;
    }
  }
  return out;
}
