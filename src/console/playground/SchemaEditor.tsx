import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { EditorState } from '@codemirror/state';
import { EditorView, hoverTooltip, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, foldGutter, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { json } from '@codemirror/lang-json';
import { autocompletion, closeBrackets, type CompletionContext } from '@codemirror/autocomplete';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import metaSchema from '../../shared/schema/page.schema.json';
import { hoverAt, suggestionsAt, type LibraryNames } from './metaHelp';

const META = metaSchema as unknown as Record<string, unknown>;

export interface EditorProblem {
  line: number;
  column: number;
  message: string;
}
export interface SchemaEditorHandle {
  goTo(line: number, column: number): void;
}

interface Props {
  value: string;
  onChange(text: string): void;
  problems: EditorProblem[];
  /** Words of the hover card, in the console's language. */
  labels: { type: string; values: string };
  /** The field library's names, offered for a field's `use` and a detail section. */
  library?: LibraryNames;
}

function complete(ctx: CompletionContext, library: LibraryNames | undefined) {
  const { from, options } = suggestionsAt(META, ctx.state.doc.toString(), ctx.pos, library);
  if (!options.length || (from === ctx.pos && !ctx.explicit && !/["{,:\s]/.test(ctx.state.sliceDoc(ctx.pos - 1, ctx.pos)))) return null;
  return {
    from,
    options: options.map((o) => ({ label: o.label, detail: o.detail, info: o.info, apply: o.apply, type: 'property' })),
    validFor: /^[\w.$-]*$/,
  };
}

/** A diagnostic at a problem's line and column, clamped to the text (the text may have changed since). */
function diagnosticOf(state: EditorState, p: EditorProblem): Diagnostic {
  const line = state.doc.line(Math.min(Math.max(p.line, 1), state.doc.lines));
  const from = Math.min(line.from + Math.max(p.column - 1, 0), line.to);
  const word = /^"(?:[^"\\]|\\.)*"|^[^\s,:]+/.exec(state.sliceDoc(from, line.to))?.[0] ?? '';
  return { from, to: from + word.length, severity: 'error', message: p.message };
}

/** The JSON editor of the playground: completion and hover help from the meta-schema, problems at their line. */
export const SchemaEditor = forwardRef<SchemaEditorHandle, Props>(function SchemaEditor(
  { value, onChange, problems, labels, library },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const words = useRef(labels);
  words.current = labels;
  const names = useRef(library);
  names.current = library;

  useEffect(() => {
    const hover = hoverTooltip((v, pos) => {
      const help = hoverAt(META, v.state.doc.toString(), pos);
      if (!help) return null;
      return {
        pos,
        above: true,
        create: () => {
          const dom = document.createElement('div');
          dom.className = 'schema-editor__hover';
          const title = dom.appendChild(document.createElement('strong'));
          title.textContent = help.keyword;
          if (help.description) dom.appendChild(document.createElement('div')).textContent = help.description;
          if (help.type) dom.appendChild(document.createElement('div')).textContent = `${words.current.type}: ${help.type}`;
          if (help.values.length)
            dom.appendChild(document.createElement('div')).textContent = `${words.current.values}: ${help.values.join(', ')}`;
          return { dom };
        },
      };
    });
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          foldGutter(),
          lintGutter(),
          history(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          highlightActiveLine(),
          syntaxHighlighting(defaultHighlightStyle),
          json(),
          autocompletion({ override: [(ctx) => complete(ctx, names.current)] }),
          hover,
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) changed.current(u.state.doc.toString());
          }),
          EditorView.theme({
            '&': { height: '100%', fontSize: '13px' },
            '.cm-scroller': { fontFamily: 'ui-monospace, Menlo, Consolas, monospace' },
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The editor is created once; later texts arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const v = view.current;
    if (v)
      v.dispatch(
        setDiagnostics(
          v.state,
          problems.map((p) => diagnosticOf(v.state, p)),
        ),
      );
  }, [problems, value]);

  useImperativeHandle(
    ref,
    () => ({
      goTo(line, column) {
        const v = view.current;
        if (!v) return;
        const at = diagnosticOf(v.state, { line, column, message: '' }).from;
        v.dispatch({ selection: { anchor: at }, scrollIntoView: true });
        v.focus();
      },
    }),
    [],
  );

  return <div ref={host} className="schema-editor" data-testid="schema-editor" />;
});
