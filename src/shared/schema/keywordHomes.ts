import metaSchema from './page.schema.json';

type Node = { $ref?: string; properties?: Record<string, Node>; items?: Node; additionalProperties?: Node | boolean; allOf?: Node[] };
const defs = (metaSchema as unknown as { $defs: Record<string, Node> }).$defs;

let homes: Map<string, string[]> | undefined;

/**
 * Where each keyword of the meta-schema may be written, as a path from the page: `detail.history`,
 * `model.properties.<field>.x-computed`, `states.transitions[].to`. Built once, on first use.
 */
function keywordHomes(): Map<string, string[]> {
  if (homes) return homes;
  homes = new Map();
  const seen = new Set<string>();
  const walk = (node: Node | undefined, at: string, depth: number) => {
    if (!node || depth > 6) return;
    if (node.$ref) {
      const name = node.$ref.split('/').pop()!;
      if (seen.has(`${name}@${at}`)) return;
      seen.add(`${name}@${at}`);
      walk(defs[name], at, depth + 1);
      return;
    }
    node.allOf?.forEach((n) => walk(n, at, depth));
    for (const [k, v] of Object.entries(node.properties ?? {})) {
      const here = at ? `${at}.${k}` : k;
      if (!homes!.has(k)) homes!.set(k, []);
      if (!homes!.get(k)!.includes(here)) homes!.get(k)!.push(here);
      walk(v, here, depth + 1);
    }
    if (node.items) walk(node.items, `${at}[]`, depth + 1);
    if (node.additionalProperties && typeof node.additionalProperties === 'object')
      walk(node.additionalProperties, `${at}.<name>`, depth + 1);
  };
  walk(defs.PageSchema, '', 0);
  return homes;
}

/**
 * For a keyword written where it is unknown: where it belongs, if it is a keyword elsewhere (with or
 * without its `x-` prefix). `history` at the top gives "a keyword of detail (detail.history)".
 */
export function keywordHome(name: string, notAt: string): string | undefined {
  const all = keywordHomes();
  for (const candidate of [name, `x-${name}`]) {
    const places = (all.get(candidate) ?? []).filter((p) => p !== notAt).slice(0, 3);
    if (places.length) return `"${candidate}" is written at ${places.join(' or ')}`;
  }
  return undefined;
}
