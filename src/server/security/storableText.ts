/**
 * Text the databases cannot store: PostgreSQL refuses a zero byte in text (SQLite would cut or keep
 * it, unlike its replicas and exports), and a lone UTF-16 surrogate is no character in either (it
 * would be stored as U+FFFD). Every text that enters the server is checked with this one pattern.
 */
export const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Walking a value stops here; the data API refuses bodies far smaller than this anyway. */
const MAX_NODES = 200_000;

/** A cheap first look: only text holding a zero byte or a surrogate needs the exact pattern. */
const SUSPECT = /[\0\uD800-\uDFFF]/;
const unstorable = (s: string) => SUSPECT.test(s) && UNSTORABLE.test(s);

/**
 * The first field (dotted path) of a parsed value whose text, or key, cannot be stored; null when all
 * can. Paths are built only for the field found: a walk over a body of many keys stays linear and cheap.
 */
export function unstorableAt(value: unknown, prefix = ''): string | null {
  type Node = { v: unknown; key: string; parent: Node | null };
  const pathOf = (n: Node | null): string => {
    const parts: string[] = [];
    for (let x = n; x; x = x.parent) if (x.key) parts.push(x.key);
    return parts.reverse().join('.');
  };
  const stack: Node[] = [{ v: value, key: prefix, parent: null }];
  for (let seen = 0; stack.length && seen < MAX_NODES; seen++) {
    const node = stack.pop()!;
    const v = node.v;
    if (typeof v === 'string') {
      if (unstorable(v)) return pathOf(node);
    } else if (v && typeof v === 'object') {
      for (const k in v) {
        if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
        if (unstorable(k)) return pathOf({ v: null, key: k.replace(UNSTORABLE, '?'), parent: node });
        const child = (v as Record<string, unknown>)[k];
        if (typeof child === 'string' ? unstorable(child) : child !== null && typeof child === 'object')
          stack.push({ v: child, key: k, parent: node });
      }
    }
  }
  return null;
}
