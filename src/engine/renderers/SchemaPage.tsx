import type { PageProps } from '../routes/registry';

/** Placeholder until the schema renderers land: names the page it would render. */
export default function SchemaPage({ pageId, view }: PageProps) {
  return <div data-testid="schema-page">{pageId} / {view}</div>;
}
