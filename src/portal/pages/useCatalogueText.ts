import { useMemo } from 'react';
import { isCore, isFeatured, type SolutionId } from '../content/catalogue';
import type { ComponentCode } from '../content/componentList';
import type { NameSummary, SolutionName } from '../content/types';
import { useDetailText, useSiteText } from '../i18n';
import { usePortalContent, type PortalComponent, type PortalContent } from '../portalData';

/** A component as the console keeps it (component manage), in the page's language. */
export function serverComponent(data: PortalContent | null, code: string): PortalComponent | undefined {
  return data?.components.find((c) => c.code === code);
}

export interface CatalogueText {
  component: (code: ComponentCode) => NameSummary;
  solution: (id: SolutionId) => SolutionName;
}

/** Names of any component or solution, whichever text module holds them; suspends like useDetailText. */
export function useCatalogueText(): CatalogueText {
  const t = useSiteText();
  const d = useDetailText();
  const server = usePortalContent();
  return useMemo(
    () => ({
      // The console's texts (componentManage) win over the bundled ones once they are in.
      component: (code) => {
        const own = serverComponent(server, code);
        const bundled = isCore(code) ? t.components[code] : d.componentNames[code];
        return own ? { name: own.name || bundled.name, summary: own.summary || bundled.summary } : bundled;
      },
      solution: (id) => (isFeatured(id) ? t.solutions[id] : d.solutionNames[id]),
    }),
    [t, d, server],
  );
}
