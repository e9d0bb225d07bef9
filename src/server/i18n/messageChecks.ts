import fs from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../shared/schema/ajv.js';
import { compileSchema } from '../../shared/schema/compile.js';
import { JsonSyntaxError, parseWithPositions, positionOf } from '../../shared/schema/jsonPositions.js';
import messagesSchema from '../../shared/schema/messages.schema.json' with { type: 'json' };
import { listMessageFiles, MESSAGE_LANGUAGES, TODO_MARK } from './pageMessages.js';

let compiled: ValidateFunction | undefined;
/** Compiled at first use, through the server's validator cache. */
const validator = () => (compiled ??= compileSchema(createAjv(), messagesSchema));

export interface MessageCheck {
  /** Files that are not valid, or belong to no page: each with its file, line and column. */
  problems: string[];
  /** "file: lang key" of every text still marked for translation. */
  todos: string[];
}

/** Checks every page message file under the folder against its JSON Schema and the pages that exist. */
export function checkMessageFiles(schemasDir: string, pageIds: Set<string>): MessageCheck {
  const problems: string[] = [];
  const todos: string[] = [];
  for (const [id, file] of listMessageFiles(schemasDir)) {
    const shown = path.relative(process.cwd(), file).replace(/\\/g, '/');
    let parsed;
    try {
      parsed = parseWithPositions(fs.readFileSync(file, 'utf8'));
    } catch (err) {
      if (!(err instanceof JsonSyntaxError)) throw err;
      problems.push(`${shown}: not valid JSON: ${err.message} (line ${err.position.line}, column ${err.position.column})`);
      continue;
    }
    if (!pageIds.has(id)) problems.push(`${shown}: there is no page "${id}" beside it (name the file <page id>.messages.json)`);
    const validate = validator();
    if (!validate(parsed.value)) {
      // A bad key is told once, by its name (not again as the pattern it failed).
      for (const e of (validate.errors ?? []).filter((x) => !x.propertyName)) {
        const at = e.keyword === 'propertyNames' ? `${e.instancePath}/${String(e.params.propertyName)}` : e.instancePath;
        const pos = positionOf(parsed.positions, at);
        const why = e.keyword === 'propertyNames' ? 'is not a dotted key such as pages.customerConfig.sms.title' : e.message;
        problems.push(`${shown}: ${at || '/'} ${why} (line ${pos.line}, column ${pos.column})`);
      }
      continue;
    }
    const value = parsed.value as Record<string, Record<string, string>>;
    for (const lang of MESSAGE_LANGUAGES) {
      for (const [key, text] of Object.entries(value[lang])) if (text.startsWith(TODO_MARK)) todos.push(`${shown}: ${lang} ${key}`);
    }
  }
  return { problems, todos };
}
