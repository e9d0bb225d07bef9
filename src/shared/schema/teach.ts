import type { ErrorObject } from 'ajv';

/** Edit distance, case-insensitive, so "numberpicker" and "NumberPickr" both find NumberPicker. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[y.length];
}

/** The closest known name, if it is close enough to be the one meant. */
export function closest(name: string, known: readonly string[], most = Math.max(2, Math.ceil(name.length / 3))): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    const d = distance(name, k);
    if (d < bestD) {
      best = k;
      bestD = d;
    }
  }
  return best !== undefined && bestD <= most ? best : undefined;
}

/** "; did you mean X?" or, with no close name, a short list of what is allowed. */
export function suggestion(name: string, known: readonly string[]): string {
  const near = closest(name, known);
  if (near) return `did you mean ${near}?`;
  // A known name inside the one written ("demoRows" for demo), or the other way round.
  const lower = name.toLowerCase();
  const part = known.find(
    (k) => k.length >= 3 && lower.length >= 3 && (lower.includes(k.toLowerCase()) || k.toLowerCase().includes(lower)),
  );
  if (part) return `did you mean ${part}?`;
  return known.length <= 40 ? `use one of: ${known.join(', ')}` : `use one of the names in ${known.slice(0, 8).join(', ')}, …`;
}

/**
 * For an unknown page id: "did you mean <id>?" when one is a slip away, else `otherwise`. Ids share
 * their area's prefix, so only a few edits count as a slip.
 */
export function pageSuggestion(
  id: string,
  pages: ReadonlyMap<string, unknown>,
  otherwise = 'write the id of a page: its path under src/schemas without .json, e.g. "tms/waybill/waybill"',
): string {
  const near = closest(id, [...pages.keys()], Math.max(2, Math.ceil(id.length / 6)));
  return near ? `did you mean ${near}?` : otherwise;
}

const I18N_PATTERN = '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)+$';

/** A key for the place of a literal text, following the project's naming (pages.<area>.<page>.fields.<name>). */
function keyFor(pageId: string, pointer: string): string {
  const parts = pageId.split('/');
  const base = `pages.${parts[0]}.${parts.slice(1).join('.') || 'page'}`;
  const field = /\/properties\/([^/]+)\/title$/.exec(pointer);
  if (field) return `${base}.fields.${field[1]}`;
  const last =
    pointer
      .split('/')
      .filter((t) => !/^\d+$/.test(t))
      .pop() ?? 'title';
  return `${base}.${last}`;
}

/** What a name under these keys is called in a message: "unknown component "NumberPickr"". */
const NAMED_ENUMS: Record<string, string> = { 'x-component': 'component', 'x-cell': 'cell', cell: 'cell', icon: 'icon', format: 'format' };

/**
 * Ajv's errors in the analyst's words, each starting with its pointer so the loader can locate it.
 * `suggestKey` proposes a message key for a literal text (default: the page's naming).
 */
export function explainAjvError(e: ErrorObject, pageId: string, suggestKey = (pointer: string) => keyFor(pageId, pointer)): string {
  const at = e.instancePath || '/';
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') {
    const prop = String(params.additionalProperty);
    const allowed = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    const hint = allowed.length ? `; ${suggestion(prop, allowed)}` : '';
    const what = e.instancePath.startsWith('/demo/') ? 'field' : 'keyword';
    return `${e.instancePath}/${prop}: unknown ${what} "${prop}"${hint}`;
  }
  if (e.keyword === 'enum') {
    const allowed = (params.allowedValues as unknown[]).map(String);
    const noun = NAMED_ENUMS[e.instancePath.split('/').pop() ?? ''];
    return `${at}: ${noun ? `unknown ${noun} ` : ''}"${String(e.data)}"${noun ? '' : ' is not allowed'}; ${suggestion(String(e.data), allowed)}`;
  }
  if (e.keyword === 'pattern' && params.pattern === I18N_PATTERN) {
    return `${at}: "${String(e.data)}" is a literal text where a message key is expected; use an i18n key such as ${suggestKey(e.instancePath)} and put the text in the area's message files`;
  }
  if (e.keyword === 'required') return `${at}: missing "${String(params.missingProperty)}"`;
  return `${at}: ${e.message ?? 'is invalid'}`;
}
