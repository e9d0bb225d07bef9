import { useMemo } from 'react';
import { isCore, isFeatured, type SolutionId } from '../content/catalogue';
import type { ComponentCode } from '../content/componentList';
import type { NameSummary, SolutionName } from '../content/types';
import { useDetailText, useSiteText } from '../i18n';

export interface CatalogueText {
  component: (code: ComponentCode) => NameSummary;
  solution: (id: SolutionId) => SolutionName;
}

/** Names of any component or solution, whichever text module holds them; suspends like useDetailText. */
export function useCatalogueText(): CatalogueText {
  const t = useSiteText();
  const d = useDetailText();
  return useMemo(
    () => ({
      component: (code) => (isCore(code) ? t.components[code] : d.componentNames[code]),
      solution: (id) => (isFeatured(id) ? t.solutions[id] : d.solutionNames[id]),
    }),
    [t, d],
  );
}
