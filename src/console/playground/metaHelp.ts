/**
 * Completion and hover help for a page schema's JSON text, read from the meta-schema: the JSON path
 * at the cursor is walked down the meta-schema to the node(s) that describe it. Pure (no editor), so
 * it is tested on plain text and offsets.
 */

export type Segment = string | number;
type Node = Record<string, unknown>;

export interface CursorPlace {
  /** Path of the object or array the cursor is in (for a value: including its key). */
  path: Segment[];
  /** A key is being typed (or may be typed here), else a value. */
  at: 'key' | 'value';
  /** Where the word being typed starts (after its opening quote, if any). */
  from: number;
  /** Keys already present in the object, for a key. */
  present: string[];
}

interface Frame {
  kind: 'object' | 'array';
  key: string | null;
  index: number;
  expectKey: boolean;
  keys: string[];
}

/** Reads the text up to the cursor, tolerating the unfinished JSON an editor holds while typing. */
export function placeAt(text: string, offset: number): CursorPlace {
  const stack: Frame[] = [];
  let i = 0;
  let lastString: string | null = null;
  let from = offset;
  let inString = false;
  while (i < offset) {
    const c = text[i];
    if (c === '"') {
      const start = i + 1;
      let j = start;
      while (j < text.length && text[j] !== '"' && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      if (j >= offset) {
        inString = true;
        from = start;
        break;
      }
      try {
        lastString = JSON.parse(text.slice(i, j + 1)) as string;
      } catch {
        lastString = text.slice(start, j);
      }
      const top = stack[stack.length - 1];
      if (top?.kind === 'object' && top.expectKey) {
        top.key = lastString;
        top.keys.push(lastString);
      }
      i = j + 1;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === '{') stack.push({ kind: 'object', key: null, index: 0, expectKey: true, keys: [] });
    else if (c === '[') stack.push({ kind: 'array', key: null, index: 0, expectKey: false, keys: [] });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ':' && top?.kind === 'object') top.expectKey = false;
    else if (c === ',' && top) {
      if (top.kind === 'object') {
        top.expectKey = true;
        top.key = null;
      } else top.index++;
    }
    i++;
  }
  if (!inString) {
    // A bare word being typed (true, 12, an unquoted key): it starts after the last delimiter.
    let k = offset;
    while (k > 0 && /[\w.$-]/.test(text[k - 1])) k--;
    from = k;
  }
  const path: Segment[] = [];
  for (let s = 1; s < stack.length; s++) {
    const parent = stack[s - 1];
    path.push(parent.kind === 'object' ? (parent.key ?? '') : parent.index);
  }
  const top = stack[stack.length - 1];
  if (!top) return { path, at: 'value', from, present: [] };
  if (top.kind === 'object' && top.expectKey) return { path, at: 'key', from, present: top.keys };
  path.push(top.kind === 'object' ? (top.key ?? '') : top.index);
  return { path, at: 'value', from, present: [] };
}

/** The path to the key under the cursor (for hover), or null when the cursor is not on a key. */
export function keyPathAt(text: string, offset: number): Segment[] | null {
  let start = offset;
  while (start > 0 && text[start - 1] !== '"' && text[start - 1] !== '\n') start--;
  if (start === 0 || text[start - 1] !== '"') return null;
  const end = text.indexOf('"', offset);
  if (end < 0 || !/^\s*:/.test(text.slice(end + 1))) return null;
  const place = placeAt(text, start);
  if (place.at !== 'key') return null;
  return [...place.path, text.slice(start, end)];
}

/** The nodes a node stands for: its $ref followed and its alternatives spread. */
function expand(root: Node, node: unknown, depth = 0): Node[] {
  if (!node || typeof node !== 'object' || depth > 12) return [];
  const n = node as Node;
  const out: Node[] = [];
  if (typeof n.$ref === 'string' && n.$ref.startsWith('#/')) {
    const target = n.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((o, k) => (o as Node | undefined)?.[k], root);
    // The referring node's own description wins over the target's.
    out.push(...expand(root, target, depth + 1).map((t) => (n.description ? { ...t, description: n.description } : t)));
  } else out.push(n);
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    if (Array.isArray(n[key])) for (const alt of n[key] as unknown[]) out.push(...expand(root, alt, depth + 1));
  }
  return out;
}

/** The meta-schema nodes describing the value at a path of a page schema. */
export function nodesAt(root: Node, path: Segment[]): Node[] {
  let nodes = expand(root, root);
  for (const seg of path) {
    const next: Node[] = [];
    for (const n of nodes) {
      if (typeof seg === 'number') {
        if (n.items) next.push(...expand(root, n.items));
        continue;
      }
      const props = n.properties as Record<string, unknown> | undefined;
      if (props?.[seg]) next.push(...expand(root, props[seg]));
      else if (n.additionalProperties && typeof n.additionalProperties === 'object') next.push(...expand(root, n.additionalProperties));
    }
    nodes = next;
  }
  return nodes;
}

export interface Suggestion {
  label: string;
  detail?: string;
  info?: string;
  apply: string;
}

/** The values a node allows: enums (the registered components and cells among them), constants, booleans. */
export function allowedValues(nodes: Node[]): unknown[] {
  const values: unknown[] = [];
  for (const n of nodes) {
    if (Array.isArray(n.enum)) values.push(...n.enum);
    if ('const' in n) values.push(n.const);
    if (n.type === 'boolean') values.push(true, false);
  }
  return [...new Set(values)];
}

const typeOf = (n: Node) => (Array.isArray(n.type) ? n.type.join(' | ') : typeof n.type === 'string' ? n.type : undefined);

/** The field library's names (from the server): what a field's `use` and a detail section may name. */
export interface LibraryNames {
  fields: string[];
  sections: string[];
}

/** Library names for a value at this path: a field's `use`, or a detail section written as a name. */
function libraryValues(path: Segment[], library: LibraryNames | undefined): string[] {
  if (!library) return [];
  const n = path.length;
  if (path[n - 1] === 'use' && path[n - 3] === 'properties') return library.fields;
  if (typeof path[n - 1] === 'number' && path[n - 2] === 'sections' && path[n - 3] === 'detail' && n === 3) return library.sections;
  return [];
}

/** What may be typed at the cursor: the keywords of the object there, or the values of the keyword. */
export function suggestionsAt(root: Node, text: string, offset: number, library?: LibraryNames): { from: number; options: Suggestion[] } {
  const place = placeAt(text, offset);
  const quoted = text[place.from - 1] === '"';
  if (place.at === 'key') {
    const options: Suggestion[] = [];
    const seen = new Set(place.present);
    for (const n of nodesAt(root, place.path)) {
      for (const [name, child] of Object.entries((n.properties as Record<string, unknown>) ?? {})) {
        if (seen.has(name)) continue;
        seen.add(name);
        const c = expand(root, child)[0] ?? {};
        options.push({ label: name, detail: typeOf(c), info: descriptionOf(root, child), apply: quoted ? name : `"${name}": ` });
      }
    }
    return { from: place.from, options };
  }
  const nodes = nodesAt(root, place.path);
  const values = [...allowedValues(nodes), ...libraryValues(place.path, library)];
  return {
    from: place.from,
    options: values.map((v) => ({
      label: String(v),
      detail: typeof v,
      apply: typeof v === 'string' ? (quoted ? v : JSON.stringify(v)) : JSON.stringify(v),
    })),
  };
}

function descriptionOf(root: Node, node: unknown): string | undefined {
  const d = expand(root, node)
    .map((n) => n.description)
    .find((x) => typeof x === 'string');
  return d as string | undefined;
}

export interface Hover {
  keyword: string;
  description?: string;
  type?: string;
  values: string[];
}

/** Help for the keyword under the cursor: its description, type and allowed values. */
export function hoverAt(root: Node, text: string, offset: number): Hover | null {
  const path = keyPathAt(text, offset);
  if (!path) return null;
  const nodes = nodesAt(root, path);
  if (!nodes.length) return null;
  const keyword = String(path[path.length - 1]);
  return {
    keyword,
    description: nodes.map((n) => n.description).find((d): d is string => typeof d === 'string'),
    type: nodes.map(typeOf).find(Boolean),
    values: allowedValues(nodes).map(String).slice(0, 40),
  };
}
