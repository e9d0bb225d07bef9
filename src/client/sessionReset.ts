/**
 * Signing out and switching role empty what was kept for the previous user. The session store
 * (engine/session/store.ts) announces it here, and what is kept below the engine (the widgets'
 * reference labels) listens here: a widget needs no import of the store above it.
 */
const hooks = new Set<() => void>();

/** Registers a hook run at every sign-out and role switch; the returned function removes it. */
export function onSessionReset(hook: () => void): () => void {
  hooks.add(hook);
  return () => {
    hooks.delete(hook);
  };
}

/** Runs every hook, in the order they were registered. */
export function announceSessionReset() {
  hooks.forEach((h) => h());
}
