import type { ParentRef } from '../data/pageApi';

/** The parent link a locked child view was opened with (?parent=, ?parentField=). */
export function lockedParent(
  parents: ParentRef[] | undefined,
  parent: Record<string, string> | undefined,
): (ParentRef & { value: string }) | null {
  if (!parent?.parent || !parents?.length) return null;
  const link = parents.find((p) => !parent.parentField || p.field === parent.parentField);
  return link ? { ...link, value: parent.parent } : null;
}
