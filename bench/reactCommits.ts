// Which components React rendered in each commit, and why, read from the fiber tree through the
// hook React calls for its devtools (present in production builds too). For each commit it lists
// the components that rendered although their parent did not: where an update started. Each line
// names what changed: its state hooks (by index), a context it reads, or its props; and every
// context provider whose value changed. A diagnosis aid for `bench/pageSwitch.ts --renders`.
import type { BrowserContext, Page } from 'playwright-core';

/** Installed before the app loads; records only between `startRecording` and `stopRecording`. */
export async function installCommitLog(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    interface Dep {
      context: { displayName?: string };
      memoizedValue: unknown;
      next: Dep | null;
    }
    interface Fiber {
      tag: number;
      type: unknown;
      memoizedProps: Record<string, unknown> | null;
      memoizedState: unknown;
      dependencies: { firstContext: Dep | null } | null;
      alternate: Fiber | null;
      child: Fiber | null;
      sibling: Fiber | null;
    }
    interface Seen {
      props: unknown;
      state: unknown;
      hooks: unknown[];
      deps: [Dep['context'], unknown][];
    }
    const w = window as unknown as { __commits: string[][]; __recording: boolean };
    w.__commits = [];
    w.__recording = false;
    const seen = new WeakMap<Fiber, Seen>();
    const CONTEXT_PROVIDER = 10;
    const keysOf = (v: unknown) => (v && typeof v === 'object' ? Object.keys(v).slice(0, 5).join(',') : String(v).slice(0, 40));
    const hooksOf = (f: Fiber) => {
      const out: unknown[] = [];
      let h = typeof f.type === 'function' ? (f.memoizedState as { memoizedState: unknown; next: unknown } | null) : null;
      while (h && out.length < 400 && typeof h === 'object' && 'next' in h) {
        out.push(h.memoizedState);
        h = h.next as typeof h;
      }
      return out;
    };
    const depsOf = (f: Fiber) => {
      const out: [Dep['context'], unknown][] = [];
      for (let d = f.dependencies?.firstContext ?? null; d && out.length < 40; d = d.next) out.push([d.context, d.memoizedValue]);
      return out;
    };
    const nameOf = (f: Fiber): string | null => {
      const t = f.type as { displayName?: string; name?: string; render?: { name?: string }; type?: { name?: string } } | string | null;
      if (!t || typeof t === 'string') return null;
      return t.displayName || t.name || t.render?.name || t.type?.name || null;
    };
    // An effect's record is new at every render: it says nothing about why the render happened.
    const isEffect = (v: unknown) => Boolean(v && typeof v === 'object' && 'tag' in v && 'create' in v);
    const why = (f: Fiber, was: Seen) => {
      if (was.props !== f.memoizedProps) return 'props';
      const hooks = hooksOf(f)
        .map((v, i) =>
          v !== was.hooks[i] && !isEffect(v)
            ? `${i}:${typeof v === 'number' || typeof v === 'boolean' ? `${String(was.hooks[i])}→` : ''}${keysOf(v)}`
            : null,
        )
        .filter(Boolean);
      const before = new Map(was.deps);
      const contexts = depsOf(f)
        .filter(([c, v]) => before.has(c) && before.get(c) !== v)
        .map(([c]) => c.displayName ?? '?');
      return (
        [hooks.length ? `hooks ${hooks.join(' ')}` : '', contexts.length ? `context ${contexts.join(',')}` : '']
          .filter(Boolean)
          .join('; ') || 'state'
      );
    };
    const walk = (first: Fiber | null, path: string[], parentRendered: boolean, out: string[]) => {
      for (let f = first; f; f = f.sibling) {
        const name = nameOf(f);
        const was = seen.get(f) ?? (f.alternate ? seen.get(f.alternate) : undefined);
        const rendered = Boolean(was && (was.props !== f.memoizedProps || was.state !== f.memoizedState));
        if (rendered && !parentRendered && name) out.push(`${path.slice(-3).join('/')} > ${name} [${why(f, was!)}]`);
        if (f.tag === CONTEXT_PROVIDER && was && (was.props as { value?: unknown } | null)?.value !== f.memoizedProps?.value)
          out.push(
            `provider ${path.slice(-3).join('/')} > ${(f.type as { displayName?: string }).displayName ?? '?'}: ${keysOf(f.memoizedProps?.value)}`,
          );
        if (f.alternate) seen.delete(f.alternate);
        seen.set(f, { props: f.memoizedProps, state: f.memoizedState, hooks: hooksOf(f), deps: depsOf(f) });
        walk(f.child, name ? [...path, name] : path, rendered, out);
      }
    };
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
        const out: string[] = [];
        walk(root.current.child, [], false, out);
        if (w.__recording) w.__commits.push(out);
      },
    };
  });
}

export async function startRecording(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __commits: string[][]; __recording: boolean };
    w.__commits = [];
    w.__recording = true;
  });
}

/** The commits since `startRecording`, as text: a heading per commit, a line per starting point. */
export async function stopRecording(page: Page): Promise<string> {
  const commits = await page.evaluate(() => {
    const w = window as unknown as { __commits?: string[][]; __recording: boolean };
    w.__recording = false;
    return w.__commits ?? [];
  });
  return commits.map((lines, i) => [`commit ${i}: ${lines.length} starting points`, ...lines].join('\n')).join('\n');
}
