import type { ValidateFunction } from 'ajv';
import menuSchema from './menu.schema.json';
import { createAjv } from './ajv';
import { compileSchema } from './compile';
import { explainAjvError } from './teach';

/** Where a page made in the playground sits in the menu, its icon and which roles may do what: the server keeps it, the playground edits it. */
export interface PlaygroundMenu {
  parent: string | null;
  icon: string;
  grants?: Record<string, string[]>;
}

/** One entry of src/schemas/menu.json, as menu.schema.json describes it. */
export interface MenuSeed {
  code: string;
  menuTitle: string;
  name?: string;
  path?: string;
  component?: string;
  icon?: string;
  hidden?: boolean;
  url?: string;
  roles?: string[];
  noCache?: boolean;
  affix?: boolean;
  grants?: Record<string, string[]>;
  children?: MenuSeed[];
}

/** The file's entries: `{ "$schema", "entries": [...] }`, or a bare list as written before the file named its schema. */
export function menuEntries(file: unknown): MenuSeed[] {
  return (Array.isArray(file) ? file : ((file as { entries?: MenuSeed[] } | null)?.entries ?? [])) as MenuSeed[];
}

let validator: ValidateFunction | null = null;

/**
 * Problems of the menu file against menu.schema.json, each starting with its pointer and naming the
 * entry's code, with the fix ("did you mean ShopOutlined?").
 */
export function menuFileErrors(file: unknown): string[] {
  validator ??= compileSchema(createAjv(true), menuSchema);
  const value = Array.isArray(file) ? { entries: file } : file;
  if (validator(value)) return [];
  const bare = Array.isArray(file);
  return [
    ...new Set(
      (validator.errors ?? []).map((e) => {
        // A bare list has no "entries" key: point at the list itself.
        const pointer = bare ? e.instancePath.replace(/^\/entries/, '') : e.instancePath;
        const code = entryCode(value, e.instancePath);
        const text = explainAjvError({ ...e, instancePath: pointer }, '', () => `menu.${(code ?? 'area').replace(/\//g, '.')}`);
        const [, at, rest] = /^(\S+): ([\s\S]*)$/.exec(text) ?? [text, pointer || '/', text];
        return `${at}: ${code ? `entry "${code}": ` : ''}${rest}`;
      }),
    ),
  ];
}

/** The code of the innermost entry a pointer lies in. */
function entryCode(value: unknown, pointer: string): string | undefined {
  let node: unknown = value;
  let code: string | undefined;
  for (const token of pointer.split('/').slice(1)) {
    node = (node as Record<string, unknown> | undefined)?.[token];
    const c = (node as { code?: unknown } | undefined)?.code;
    if (node && typeof node === 'object' && !Array.isArray(node) && typeof c === 'string') code = c;
  }
  return code;
}
