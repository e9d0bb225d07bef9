// Prints every page as the server resolves it (templates, field library and defaults applied), one
// JSON document ordered by page id:  npx tsx scripts/resolvedSchemas.ts [schemasDir] > resolved.json
// Keys are sorted except in `properties`, whose order is the form's order, so two outputs compare
// line by line: a rewrite of the page files that keeps their behaviour keeps this output.
import { checkSchemas } from '../src/server/schemas/load';

const dir = process.argv[2] ?? 'src/schemas';
const { pages, problems } = checkSchemas(dir);
if (problems.length) {
  console.error(`invalid page schemas (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

function canonical(value: unknown, keepOrder = false): unknown {
  if (Array.isArray(value)) return value.map((v) => canonical(v));
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (!keepOrder) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v, k === 'properties')]));
}

const ids = [...pages.keys()].sort();
console.log(JSON.stringify(Object.fromEntries(ids.map((id) => [id, canonical(pages.get(id))])), null, 1));
