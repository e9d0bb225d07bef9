import type { PageSchema, FieldSchema } from '../../shared/schema/types';
import { formFields } from '../../shared/schema/model';

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO time → the local 'YYYY-MM-DD HH:mm:ss' the date picker edits. */
export function isoToLocal(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Local 'YYYY-MM-DD HH:mm:ss' → ISO (UTC), as stored. */
export function localToIso(local: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(local);
  if (!m) return local;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
  return d.toISOString();
}

const isDateTime = (f?: FieldSchema) => f?.format === 'date-time';

/** A stored record → the values a form edits (secrets never come, times become local). */
export function toFormValues(page: PageSchema, record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of formFields(page)) {
    const f = page.model!.properties[name];
    const v = record[name];
    if (!f || f.writeOnly || v === undefined) continue;
    out[name] = isDateTime(f) && typeof v === 'string' ? isoToLocal(v) : v;
  }
  return out;
}

/** Form values → a request body: times back to ISO, emptied inputs to null, untouched secrets left out. */
export function fromFormValues(fields: Record<string, FieldSchema>, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(values)) {
    const f = fields[name];
    if (!f) continue;
    if (f.writeOnly && (v === undefined || v === '' || v === null)) continue;
    if (v === undefined || v === '') out[name] = null;
    else if (f.items?.type === 'object' && Array.isArray(v)) out[name] = v.map((item) => cleanItem(f, item));
    else out[name] = isDateTime(f) && typeof v === 'string' ? localToIso(v) : v;
  }
  return out;
}

/**
 * Initial values of a new record. They go to createForm rather than into the field schemas: a
 * field default applied while rendering updates the form during another component's render.
 * A yes/no shown in the form (`shown`, every field when absent) starts at No: an untouched switch
 * means No, so a required one is answered; only x-must-choose leaves it unanswered.
 */
export function defaultValues(fields: Record<string, FieldSchema>, shown?: string[]): Record<string, unknown> {
  const inForm = shown ? new Set(shown) : null;
  return Object.fromEntries(
    Object.entries(fields).flatMap(([k, f]) => {
      if (f.readOnly) return [];
      if (f.default !== undefined) return [[k, f.default]];
      if (f.type === 'boolean' && !f['x-must-choose'] && (!inForm || inForm.has(k))) return [[k, false]];
      return [];
    }),
  );
}

/**
 * A sub-table row as sent: only its declared sub-fields (the table widget keeps bookkeeping keys in
 * the rows), and cells left empty left out, so optional sub-fields stay absent.
 */
function cleanItem(f: FieldSchema, item: unknown): Record<string, unknown> {
  if (!item || typeof item !== 'object') return {};
  const subs = f.items?.properties ?? {};
  return Object.fromEntries(Object.entries(item).filter(([k, v]) => k in subs && v !== undefined && v !== '' && v !== null));
}
