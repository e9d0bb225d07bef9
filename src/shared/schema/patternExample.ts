import type { FieldSchema } from './types';

/**
 * A sample value for a field's pattern, so a message can say what is expected ("like HZ12345")
 * instead of only that the value is wrong. Taken from the schema (`examples`, else the input's
 * placeholder) or, for the simple patterns schemas use (literals, classes, \d, counts), made from the
 * pattern itself. A made-up sample is kept only if the pattern accepts it.
 */
export function patternExample(f: Pick<FieldSchema, 'pattern' | 'examples' | 'x-component-props'>): string | undefined {
  if (!f.pattern) return undefined;
  const re = safeRegExp(f.pattern);
  const given = [...(f.examples ?? []), (f['x-component-props'] as { placeholder?: unknown } | undefined)?.placeholder];
  for (const g of given) if (typeof g === 'string' && g && re?.test(g)) return g;
  const made = sampleOf(f.pattern);
  return made && re?.test(made) ? made : undefined;
}

function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

const DIGITS = '1234567890';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghjkmnpqrstuvwxyz';

/** The characters a class accepts, in a readable order (digits counting up, letters in turn). */
function classChars(body: string): string | undefined {
  if (body.startsWith('^')) return undefined;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') {
      const e = body[++i];
      if (e === 'd') out += DIGITS;
      else if (e === 'w') out += UPPER + LOWER + DIGITS;
      else if (e === 's') out += ' ';
      else out += e;
    } else if (body[i + 1] === '-' && i + 2 < body.length) {
      const from = c.charCodeAt(0);
      const to = body.charCodeAt(i + 2);
      const range = Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => String.fromCharCode(from + k)).join('');
      // Digits count up from 1 ("12345" reads as a sample; "00000" does not).
      out += range === '0123456789' ? DIGITS : range;
      i += 2;
    } else out += c;
  }
  return out || undefined;
}

/** One atom of a pattern: a literal, an escape, a class or a group, and where it ends. */
function atomAt(p: string, i: number): { chars?: string; group?: string; end: number } | undefined {
  const c = p[i];
  if (c === '\\') {
    const e = p[i + 1];
    if (e === undefined) return undefined;
    if (e === 'd') return { chars: DIGITS, end: i + 2 };
    if (e === 'w') return { chars: UPPER + DIGITS, end: i + 2 };
    if (/[bBsSDWnrtux0-9pk]/.test(e)) return undefined;
    return { chars: e, end: i + 2 };
  }
  if (c === '[') {
    const close = p.indexOf(']', i + 2);
    if (close < 0) return undefined;
    const chars = classChars(p.slice(i + 1, close));
    return chars ? { chars, end: close + 1 } : undefined;
  }
  if (c === '(') {
    let depth = 0;
    for (let j = i; j < p.length; j++) {
      if (p[j] === '\\') j++;
      else if (p[j] === '(') depth++;
      else if (p[j] === ')' && --depth === 0) {
        const inner = p.slice(i + 1, j).replace(/^\?:/, '');
        if (inner.startsWith('?')) return undefined;
        return { group: inner, end: j + 1 };
      }
    }
    return undefined;
  }
  if (c === '.') return { chars: 'A', end: i + 1 };
  if ('*+?{|)^$'.includes(c)) return undefined;
  return { chars: c, end: i + 1 };
}

/** How many times an atom repeats in the sample: the least the quantifier allows, at least once for + and {n,}. */
function countAt(p: string, i: number): { n: number; end: number } {
  const c = p[i];
  if (c === '?' || c === '*') return { n: 0, end: i + 1 };
  if (c === '+') return { n: 1, end: i + 1 };
  const m = c === '{' ? /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i)) : null;
  if (m) return { n: Number(m[1]), end: i + m[0].length };
  return { n: 1, end: i };
}

function sampleOf(pattern: string, depth = 0): string | undefined {
  if (depth > 4) return undefined;
  // The first alternative at the top level is the sample's shape.
  const alt = topLevelAlternatives(pattern)[0];
  const p = alt.replace(/^\^/, '').replace(/\$$/, '');
  let out = '';
  let i = 0;
  while (i < p.length) {
    const atom = atomAt(p, i);
    if (!atom) return undefined;
    const { n, end } = countAt(p, atom.end);
    for (let k = 0; k < n; k++) {
      if (atom.group !== undefined) {
        const inner = sampleOf(atom.group, depth + 1);
        if (inner === undefined) return undefined;
        out += inner;
      } else out += atom.chars![k % atom.chars!.length];
    }
    i = end;
  }
  return out;
}

function topLevelAlternatives(p: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      parts.push(p.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(p.slice(start));
  return parts;
}
