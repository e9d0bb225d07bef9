import type { FieldSchema, PageSchema } from './types';
import { pageSuggestion } from './teach';

/** The sub-fields of a log page's `changes`: one row per changed field. */
export const CHANGE_PARTS = ['field', 'from', 'to'] as const;

const isString = (f: FieldSchema | undefined) => f?.type === 'string';

/**
 * The checks of `events` against the log page it names (needs every page, so the loader runs it):
 * the log page has a table, a field referring to this page, an `event` text and a `changes` list of
 * {field, from, to}, and asks for nothing else on create, since the server writes its rows alone.
 */
export function eventLogErrors(page: PageSchema, pages: ReadonlyMap<string, PageSchema>): string[] {
  const spec = page.events;
  if (!spec) return [];
  const errors: string[] = [];
  const log = pages.get(spec.page);
  if (!log?.resource || !log.model) {
    return [
      `events.page: unknown page "${spec.page}"; ${pageSuggestion(spec.page, pages, 'name a log page with a table, e.g. "fleet/inspectionEvent"')}`,
    ];
  }
  if (!page.resource) errors.push('events: the page has no records to log');
  const props = log.model.properties;
  const ref = props[spec.field];
  if (!ref) errors.push(`events.field: "${spec.field}" is not a field of ${spec.page}; add it there with "x-ref": "${page.id}"`);
  else if (ref['x-ref'] !== page.id)
    errors.push(`events.field: "${spec.field}" of ${spec.page} must refer to this page ("x-ref": "${page.id}")`);
  if (!isString(props.event))
    errors.push(`events.page: ${spec.page} needs a string field "event" (create, update, delete or a transition's name)`);
  const changes = props.changes;
  const parts = changes?.items?.properties ?? {};
  if (!(changes?.type === 'array' && changes.items?.type === 'object' && CHANGE_PARTS.every((p) => isString(parts[p])))) {
    errors.push(
      `events.page: ${spec.page} needs a field "changes": {"type": "array", "items": {"type": "object", "properties": {"field": {"type": "string", …}, "from": {…}, "to": {…}}}}`,
    );
  }
  const extra = (log.model.required ?? []).filter((f) => ![spec.field, 'event', 'changes'].includes(f));
  if (extra.length) errors.push(`events.page: ${spec.page} requires ${extra.join(', ')}, which the server cannot fill; make them optional`);
  if (spec.on?.includes('transition') && !page.states) errors.push('events.on: "transition" needs states on this page');
  return errors;
}
