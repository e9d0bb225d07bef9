import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import type { PageSchema } from '../../shared/schema/types.js';

/**
 * Rich text (`format: "richText"`) is HTML the public sees, so it is cleaned before it is stored:
 * parsed by a real HTML parser (parse5, the browsers' algorithm), then written out again from an
 * allow-list. Re-serialising from the tree rather than editing the source means that whatever the
 * browser would have made of a malformed or tricky input, only allowed elements and attributes
 * come out, with every text and attribute value escaped.
 */

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Elements kept, with the attributes each may keep (besides the checks below). */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  h2: [],
  h3: [],
  h4: [],
  ul: [],
  ol: [],
  li: [],
  strong: [],
  em: [],
  code: [],
  pre: [],
  blockquote: [],
  a: ['href'],
  img: ['src', 'alt', 'width', 'height'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};
const VOID = new Set(['br', 'img']);
/** Elements dropped with everything inside them; any other unknown element is unwrapped. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'svg',
  'math',
  'select',
  'option',
  'button',
  'input',
  'form',
  'head',
  'link',
  'meta',
  'base',
]);

const LINK_URL = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;
const IMAGE_URL = /^(https?:\/\/[^\s]+|data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=]+)$/i;
// Controls and invisible characters browsers strip from a URL before reading its scheme.
const URL_NOISE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/;

function escapeText(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;');
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attributes(el: Element): string {
  const allowed = ALLOWED[el.tagName];
  const out: string[] = [];
  for (const { name, value } of el.attrs) {
    if (!allowed.includes(name)) continue;
    const v = value.trim();
    if (name === 'href' && (URL_NOISE.test(v) || !LINK_URL.test(v))) continue;
    if (name === 'src' && (URL_NOISE.test(v) || !IMAGE_URL.test(v))) continue;
    if (['width', 'height', 'colspan', 'rowspan'].includes(name) && !/^[1-9][0-9]{0,3}$/.test(v)) continue;
    out.push(` ${name}="${escapeAttr(name === 'alt' ? value : v)}"`);
  }
  if (el.tagName === 'a' && out.some((a) => a.startsWith(' href='))) out.push(' rel="noopener noreferrer"');
  return out.join('');
}

/** Nesting beyond this is kept as its text only: no reader needs it, and it bounds the output. */
const MAX_DEPTH = 32;

/** The allowed HTML of a fragment; an iterative walk, so no input can exhaust the stack. */
export function sanitizeHtml(html: string): string {
  const root = parseFragment(html);
  const out: string[] = [];
  const stack: ({ node: Node; depth: number } | { close: string })[] = [];
  for (let i = root.childNodes.length - 1; i >= 0; i--) stack.push({ node: root.childNodes[i], depth: 0 });
  while (stack.length) {
    const item = stack.pop()!;
    if ('close' in item) {
      out.push(item.close);
      continue;
    }
    const { node, depth } = item;
    if (node.nodeName === '#text') {
      out.push(escapeText((node as DefaultTreeAdapterMap['textNode']).value));
      continue;
    }
    if (!('tagName' in node)) continue; // comments, doctypes
    const el = node as Element;
    const tag = el.tagName;
    // Only HTML elements: an allowed name inside foreign content (svg, math) is not the same element.
    if (DROPPED.has(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') continue;
    const keep = tag in ALLOWED && depth < MAX_DEPTH;
    if (keep) {
      const attrs = attributes(el);
      // An image without a permitted source, or a link without one, says nothing of its own.
      if (tag === 'img' && !attrs.includes(' src=')) continue;
      out.push(`<${tag}${attrs}>`);
      if (VOID.has(tag)) continue;
      stack.push({ close: `</${tag}>` });
    }
    const children = el.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], depth: keep ? depth + 1 : depth });
  }
  return out.join('');
}

/** The fields of a page whose values are rich text. */
function richTextFields(page: PageSchema): string[] {
  return Object.entries(page.model?.properties ?? {})
    .filter(([, f]) => f.format === 'richText')
    .map(([name]) => name);
}

/** The values with every rich-text field cleaned; other values are returned as they are. */
export function sanitizeRichText<T extends Record<string, unknown>>(page: PageSchema, values: T): T {
  const fields = richTextFields(page);
  if (!fields.length) return values;
  const out: Record<string, unknown> = { ...values };
  for (const name of fields) {
    if (typeof out[name] === 'string') out[name] = sanitizeHtml(out[name] as string);
  }
  return out as T;
}
