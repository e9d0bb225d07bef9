// antd writes, for each component, rules that give its elements `box-sizing: border-box`:
// `:where(.css-HASH)[class^="ant-table"], :where(.css-HASH)[class*=" ant-table"]`, the same for
// their descendants and their ::before and ::after, about 140 rules and 600 selectors for the
// console's components. None can be filed under a class, so the browser tried each of them on every
// element at every style recalculation, which made them the costliest rules when a kept page is shown
// again (a third of the style recalculation of a list shown again, 31 against 21 ms on one machine).
// They are merged into one rule per shape for every `ant-` class, at the place of the first.
// That gives border-box to the ::before and ::after of a few antd elements no rule reached before
// (on ten pages compared element by element, no box moved); the rules that ask for content-box come
// later in the sheet and still win.

const PART = String.raw`\[class(?:\^="ant-[\w-]+"|\*=" ant-[\w-]+")\]`;
// `:where(.css-H)[class^="ant-x"] [class^="ant-x"]`, or with the root named by its class
// (`:where(.css-H).ant-x [class^="ant-x"]`, which the first shape's merged rule covers).
const RESET_SELECTOR = new RegExp(String.raw`^(:where\(\.css-[\w-]+\))(?:${PART}( ${PART})?|\.ant-[\w-]+( ${PART}))(::before|::after)?$`);
const RESET_BODY = 'box-sizing:border-box;';

/** The top-level blocks of a stylesheet, each `prelude{body}` as written (quotes kept whole). */
export function topLevelBlocks(css: string): { prelude: string; body: string; text: string }[] {
  const blocks: { prelude: string; body: string; text: string }[] = [];
  let start = 0;
  let open = -1;
  let depth = 0;
  let quote = '';
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') {
      if (depth++ === 0) open = i;
    } else if (c === '}' && --depth === 0) {
      blocks.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i), text: css.slice(start, i + 1) });
      start = i + 1;
    }
  }
  if (depth !== 0 || css.slice(start).trim()) throw new Error('antd stylesheet: unbalanced braces');
  return blocks;
}

function merged(scope: string, descendants: boolean, pseudo: boolean): string {
  const self = [`${scope}[class^="ant-"]`, `${scope}[class*=" ant-"]`];
  const inner = ['[class^="ant-"]', '[class*=" ant-"]'];
  const targets = descendants ? inner.flatMap((i) => self.map((s) => `${s} ${i}`)) : self;
  const selectors = pseudo ? ['::before', '::after'].flatMap((p) => targets.map((t) => t + p)) : targets;
  return `${selectors.join(',')}{${RESET_BODY}}`;
}

/** The stylesheet with antd's per-component box-sizing resets merged; the count of rules merged. */
export function mergeResets(css: string): { css: string; merged: number } {
  const out: string[] = [];
  const shapes = new Map<string, [string, boolean, boolean]>();
  let at = -1;
  let count = 0;
  for (const block of topLevelBlocks(css)) {
    const selectors = block.prelude.split(',');
    const matches = block.body === RESET_BODY ? selectors.map((s) => RESET_SELECTOR.exec(s)) : [];
    if (!matches.length || matches.some((m) => !m)) {
      out.push(block.text);
      continue;
    }
    count++;
    if (at < 0) at = out.push('') - 1;
    for (const m of matches as RegExpExecArray[]) {
      const descendants = !!(m[2] || m[3]);
      shapes.set(`${m[1]}|${descendants}|${!!m[4]}`, [m[1], descendants, !!m[4]]);
    }
  }
  if (at >= 0) out[at] = [...shapes.values()].map(([scope, d, p]) => merged(scope, d, p)).join('');
  return { css: out.join(''), merged: count };
}
