import { describe, expect, it } from 'vitest';
import metaSchema from '../../shared/schema/page.schema.json';
import { hoverAt, placeAt, suggestionsAt } from './metaHelp';

const meta = metaSchema as unknown as Record<string, unknown>;
/** The text before "|" and after it, and the cursor's offset there. */
const at = (s: string) => ({ text: s.replace('|', ''), offset: s.indexOf('|') });

describe('help from the meta-schema at the cursor', () => {
  it('finds the path and whether a key or a value is typed, in unfinished JSON', () => {
    const k = at('{ "model": { "properties": { "amount": { "ty|');
    expect(placeAt(k.text, k.offset)).toMatchObject({ path: ['model', 'properties', 'amount'], at: 'key' });
    const v = at('{ "list": { "columns": ["a", { "field": "b", "fixed": "|');
    expect(placeAt(v.text, v.offset)).toMatchObject({ path: ['list', 'columns', 1, 'fixed'], at: 'value' });
  });

  it('completes the keywords of the object at the cursor, without those already there', () => {
    const { text, offset } = at('{ "id": "a/b", "k|');
    const labels = suggestionsAt(meta, text, offset).options.map((o) => o.label);
    expect(labels).toContain('kind');
    expect(labels).toContain('model');
    expect(labels).not.toContain('id');
  });

  it("completes enum values, and components and cells by the console's names", () => {
    const kind = at('{ "kind": "|');
    expect(suggestionsAt(meta, kind.text, kind.offset).options.map((o) => o.label)).toContain('crud');
    const comp = at('{ "model": { "properties": { "amount": { "x-component": "Num|');
    const got = suggestionsAt(meta, comp.text, comp.offset);
    expect(got.options.map((o) => o.label)).toContain('NumberPicker');
    expect(got.from).toBe(comp.offset - 3);
    const cell = at('{ "model": { "properties": { "amount": { "x-cell": |');
    expect(suggestionsAt(meta, cell.text, cell.offset).options.find((o) => o.label === 'Money')?.apply).toBe('"Money"');
  });

  it('explains the keyword under the cursor with its type and values', () => {
    const text = '{\n  "kind": "crud",\n  "list": { "columns": [ { "field": "a", "fixed": "left" } ] }\n}';
    const hover = hoverAt(meta, text, text.indexOf('kind') + 2);
    expect(hover?.keyword).toBe('kind');
    expect(hover?.values).toContain('crud');
    expect(hoverAt(meta, text, text.indexOf('fixed') + 1)?.values).toEqual(['left', 'right']);
    expect(hoverAt(meta, text, text.indexOf('crud') + 1)).toBeNull();
  });

  it("offers the field library's names for a field's use and for a detail section", () => {
    const library = { fields: ['remark', 'status'], sections: ['form', 'system'] };
    const use = at('{ "model": { "properties": { "note": { "use": "re|');
    expect(suggestionsAt(meta, use.text, use.offset, library).options.map((o) => o.label)).toEqual(['remark', 'status']);
    const section = at('{ "detail": { "sections": ["form", "|');
    expect(suggestionsAt(meta, section.text, section.offset, library).options.map((o) => o.label)).toEqual(['form', 'system']);
    // Elsewhere a name of the library is no value to offer.
    const title = at('{ "model": { "properties": { "note": { "title": "|');
    expect(suggestionsAt(meta, title.text, title.offset, library).options).toEqual([]);
  });
});
