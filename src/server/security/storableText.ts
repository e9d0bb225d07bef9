/**
 * Text the databases cannot store: PostgreSQL refuses a zero byte in text (SQLite would cut or keep
 * it, unlike its replicas and exports), and a lone UTF-16 surrogate is no character in either (it
 * would be stored as U+FFFD). Every text that enters the server is checked with this one pattern.
 */
export const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Walking a value stops here; the data API refuses bodies far smaller than this anyway. */
const MAX_NODES = 200_000;

/** The first field (dotted path) of a parsed value whose text, or key, cannot be stored; null when all can. */
export function unstorableAt(value: unknown, prefix = ''): string | null {
  const stack: [unknown, string][] = [[value, prefix]];
  for (let seen = 0; stack.length && seen < MAX_NODES; seen++) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return path;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        if (UNSTORABLE.test(k)) return at.replace(UNSTORABLE, '?');
        stack.push([child, at]);
      }
    }
  }
  return null;
}
