/**
 * A JSON reader that remembers where each value's key stands, so a schema error can name the line
 * and column an analyst must edit (JSON.parse gives only a character offset, and only for syntax).
 */

export interface Position {
  line: number;
  column: number;
}

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: Position,
  ) {
    super(message);
  }
}

/** Pointer ("/model/properties/name", "" for the top) -> where its key (or value, for array items) starts. */
export type PositionMap = Map<string, Position>;

const escapeToken = (t: string) => t.replace(/~/g, '~0').replace(/\//g, '~1');

export interface ParsedJson {
  value: unknown;
  /** Found when first asked for (to place a problem): scanning for them took most of a check's reading. */
  readonly positions: PositionMap;
}

/**
 * Texts on which JSON.parse and the scan below agree, value for value: the scan assigns keys (so a
 * "__proto__" key would set the prototype instead) and reads a number from at most 64 characters.
 * Whatever JSON.parse accepts is otherwise read the same way, and whatever it refuses is scanned,
 * so a syntax error is told as before.
 */
const PLAIN_SAFE = (text: string) => !text.includes('__proto__') && !/[-+.\deE]{64}/.test(text);

export function parseWithPositions(text: string): ParsedJson {
  if (PLAIN_SAFE(text)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return scanJson(text);
    }
    let positions: PositionMap | undefined;
    return {
      value,
      get positions() {
        return (positions ??= scanJson(text).positions);
      },
    };
  }
  return scanJson(text);
}

/** The reader that finds every position as it goes. */
export function scanJson(text: string): ParsedJson {
  let i = 0;
  const positions: PositionMap = new Map();
  // Where each line starts, found once: slicing the text before every key made a large file quadratic.
  const lineStarts = [0];
  for (let k = text.indexOf('\n'); k !== -1; k = text.indexOf('\n', k + 1)) lineStarts.push(k + 1);
  const at = (offset: number): Position => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo] + 1 };
  };
  const fail = (what: string, sayFound = true): never => {
    const found = i < text.length ? `"${text[i]}"` : 'the end of the file';
    throw new JsonSyntaxError(sayFound ? `${what}, found ${found}` : what, at(i));
  };
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const str = (): string => {
    const start = i;
    if (text[i] !== '"') fail('expected a string in double quotes');
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) {
      i = start;
      fail('a string is not closed');
    }
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (pointer: string): unknown => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const obj: Record<string, unknown> = {};
      ws();
      if (text[i] === '}') {
        i++;
        return obj;
      }
      for (;;) {
        ws();
        if (text[i] === '}') fail('a comma before "}" is not allowed in JSON (remove the trailing comma)', false);
        const keyAt = at(i);
        const key = str();
        const child = `${pointer}/${escapeToken(key)}`;
        positions.set(child, keyAt);
        ws();
        if (text[i] !== ':') fail(`expected ":" after "${key}"`);
        i++;
        obj[key] = value(child);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return obj;
        }
        fail('expected "," or "}" (a comma may be missing)');
      }
    }
    if (c === '[') {
      i++;
      const arr: unknown[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return arr;
      }
      for (;;) {
        ws();
        if (text[i] === ']') fail('a comma before "]" is not allowed in JSON (remove the trailing comma)', false);
        const child = `${pointer}/${arr.length}`;
        positions.set(child, at(i));
        arr.push(value(child));
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return arr;
        }
        fail('expected "," or "]" (a comma may be missing)');
      }
    }
    if (c === '"') return str();
    const m = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 64));
    if (!m) fail('expected a value');
    i += m![0].length;
    return JSON.parse(m![0]);
  };
  positions.set('', at(0));
  const result = value('');
  ws();
  if (i < text.length) fail('unexpected text after the end of the JSON (a trailing comma or a second object?)');
  return { value: result, positions };
}

/**
 * The pointer of an error's place. Ajv gives pointers; our own checks write "model.name.x-after" or
 * "dashboard.charts[0]": walk those through the value, stepping into `properties` where a field is named.
 */
export function pointerOf(value: unknown, where: string): string {
  if (where.startsWith('/') || where === '') return where;
  const tokens = where.split(/[.[\]]+/).filter(Boolean);
  let node = value;
  let pointer = '';
  for (const t of tokens) {
    if (!node || typeof node !== 'object') break;
    const o = node as Record<string, unknown>;
    if (t in o) {
      node = o[t];
      pointer += `/${escapeToken(t)}`;
      continue;
    }
    const props = o.properties as Record<string, unknown> | undefined;
    if (props && typeof props === 'object' && t in props) {
      node = props[t];
      pointer += `/properties/${escapeToken(t)}`;
      continue;
    }
    break;
  }
  return pointer;
}

/** The position of the deepest part of the pointer that exists in the file. */
export function positionOf(positions: PositionMap, pointer: string): Position {
  let p = pointer;
  while (p && !positions.has(p)) p = p.slice(0, p.lastIndexOf('/'));
  return positions.get(p) ?? { line: 1, column: 1 };
}
