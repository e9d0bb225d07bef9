import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import metaSchema from './page.schema.json';

/**
 * The TypeScript contract (types.ts) and the JSON Schema contract (page.schema.json) describe the
 * same page schema. This reads both and compares, interface by interface: property names, which
 * are required, and the members of string unions.
 */
const source = ts.createSourceFile('types.ts', fs.readFileSync(path.join(__dirname, 'types.ts'), 'utf8'), ts.ScriptTarget.Latest, true);
const defs = (
  metaSchema as {
    $defs: Record<string, { properties?: Record<string, unknown>; required?: string[]; then?: { required?: string[] }; enum?: unknown[] }>;
  }
).$defs;

function interfaces() {
  const out = new Map<string, { props: string[]; required: string[] }>();
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node)) return;
    const props: string[] = [];
    const required: string[] = [];
    for (const m of node.members) {
      if (!ts.isPropertySignature(m) || !m.name) continue;
      const name = ts.isStringLiteral(m.name) ? m.name.text : m.name.getText(source);
      props.push(name);
      if (!m.questionToken) required.push(name);
    }
    out.set(node.name.text, { props: props.sort(), required: required.sort() });
  });
  return out;
}

function unions() {
  const out = new Map<string, string[]>();
  source.forEachChild((node) => {
    if (!ts.isTypeAliasDeclaration(node) || !ts.isUnionTypeNode(node.type)) return;
    const members = node.type.types.map((t) => (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? t.literal.text : null));
    if (members.every((m) => m !== null)) out.set(node.name.text, (members as string[]).sort());
  });
  return out;
}

describe('page schema contracts', () => {
  const ifaces = interfaces();

  it('describe the same objects with the same properties and required keys', () => {
    const compared: string[] = [];
    for (const [name, iface] of ifaces) {
      const def = defs[name];
      if (!def?.properties) continue;
      compared.push(name);
      expect({ name, props: Object.keys(def.properties).sort() }).toEqual({ name, props: iface.props });
      // Keys required unless another is given (a field's type and title, unless it names a library field) are required in the loaded page.
      expect({ name, required: [...(def.required ?? []), ...(def.then?.required ?? [])].sort() }).toEqual({
        name,
        required: iface.required,
      });
    }
    expect(compared.sort()).toEqual(
      [
        'ColumnRef',
        'CustomAction',
        'DetailView',
        'FieldSchema',
        'FormSection',
        'FormView',
        'GeneratedValue',
        'ListView',
        'LogSpec',
        'Measure',
        'ModelSchema',
        'PageSchema',
        'PrintView',
        'Relation',
        'RelationGroup',
        'RelationTrack',
        'ReportSpec',
        'ResourceSpec',
        'StatesSpec',
        'Transition',
        'ComputedSpec',
        'TotalSpec',
        'Effect',
        'Rule',
        'TabSpec',
        'DashboardFigure',
        'DashboardChart',
        'DashboardSpec',
        'ChainStep',
        'ChainView',
        'RuleAggregate',
      ].sort(),
    );
  });

  it('list the same members in their enumerations', () => {
    const u = unions();
    for (const name of ['PageKind', 'FieldType', 'FieldFormat', 'FilterOperator', 'GeneratedKind', 'ActionLevel']) {
      expect({ name, members: [...(defs[name].enum as string[])].sort() }).toEqual({ name, members: u.get(name) });
    }
  });
});
