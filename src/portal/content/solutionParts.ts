import type { SolutionId } from './catalogue';
import type { ComponentCode } from './componentList';

/** What each solution page shows besides text: headline figures and the components used. */
export interface SolutionParts {
  /** Headline figures; the matching labels are in the texts. */
  metrics: readonly [string, string, string];
  components: readonly ComponentCode[];
}

export const SOLUTION_PARTS: Readonly<Record<SolutionId, SolutionParts>> = {
  ntocc: { metrics: ['-32%', '100%', 'T+0'], components: ['TMS01', 'PAY01', 'TAX01', 'LOC01', 'RSK01', 'TAX04'] },
  ctms: { metrics: ['+27%', '-18%', '99.2%'], components: ['TMS02', 'LOC01', 'LOC02', 'TMS04', 'MSG01'] },
  park: { metrics: ['-45%', '3×', '24/7'], components: ['LOC02', 'OCR01', 'VRF01', 'PAY02', 'API01'] },
  wms: { metrics: ['99.9%', '+40%', '-30%'], components: ['LOC03', 'TMS04', 'API01', 'OSS01', 'CFG01'] },
  twms: { metrics: ['-21%', '-35%', '100%'], components: ['TMS01', 'TMS02', 'LOC01', 'SGN01', 'PAY03'] },
  ntms: { metrics: ['+35%', '-25%', '99.5%'], components: ['TMS01', 'TMS04', 'LOC03', 'PAY01', 'MSG01'] },
  transport: { metrics: ['-15%', '+60%', '100%'], components: ['TMS01', 'TMS02', 'TMS03', 'PAY03', 'LOC01'] },
  networkTransport: { metrics: ['90', '100%', '12'], components: ['TAX04', 'TAX01', 'VRF01', 'SGN01', 'RSK01'] },
  cargo: { metrics: ['+50%', '-40%', '7×24'], components: ['TMS03', 'PAY02', 'SGN01', 'AGT04', 'RSK01'] },
  coldChain: { metrics: ['±0.5℃', '-60%', '100%'], components: ['LOC04', 'LOC01', 'LOC02', 'MSG01', 'TMS04'] },
};

export function solutionsUsing(code: ComponentCode): SolutionId[] {
  return (Object.keys(SOLUTION_PARTS) as SolutionId[]).filter((id) => SOLUTION_PARTS[id].components.includes(code));
}
