import { CORE_COMPONENTS, type CatalogueEntry, type ComponentType } from './catalogue';

/**
 * The whole component catalogue: the core components plus the others. Only inner pages load
 * this module; the home page needs the core ones alone.
 */
const OTHER_COMPONENTS = [
  { code: 'TMS02', type: 'freight', icon: 'dispatch' },
  { code: 'TMS03', type: 'freight', icon: 'truck' },
  { code: 'TMS04', type: 'freight', icon: 'checkDoc' },
  { code: 'PAY02', type: 'finance', icon: 'bank' },
  { code: 'PAY03', type: 'finance', icon: 'reconcile' },
  { code: 'PAY04', type: 'finance', icon: 'fuel' },
  { code: 'TAX02', type: 'tax', icon: 'invoice' },
  { code: 'TAX03', type: 'tax', icon: 'user' },
  { code: 'TAX04', type: 'tax', icon: 'monitor' },
  { code: 'LOC02', type: 'iot', icon: 'map' },
  { code: 'LOC03', type: 'iot', icon: 'printer' },
  { code: 'LOC04', type: 'iot', icon: 'thermo' },
  { code: 'VRF01', type: 'trust', icon: 'idcard' },
  { code: 'MSG01', type: 'open', icon: 'message' },
  { code: 'OSS01', type: 'open', icon: 'cloud' },
  { code: 'CFG01', type: 'open', icon: 'sliders' },
  { code: 'AGT01', type: 'agent', icon: 'dispatch' },
  { code: 'AGT02', type: 'agent', icon: 'headset' },
  { code: 'AGT03', type: 'agent', icon: 'invoice' },
  { code: 'AGT04', type: 'agent', icon: 'chart' },
  { code: 'AGT05', type: 'agent', icon: 'shield' },
  { code: 'AGT06', type: 'agent', icon: 'spark' },
] as const satisfies readonly CatalogueEntry[];

export type Component = (typeof CORE_COMPONENTS)[number] | (typeof OTHER_COMPONENTS)[number];
export type ComponentCode = Component['code'];
export type OtherCode = (typeof OTHER_COMPONENTS)[number]['code'];

/** Each group lists its core components first. */
export const COMPONENTS: readonly Component[] = [...CORE_COMPONENTS, ...OTHER_COMPONENTS];

export const AGENTS: readonly Component[] = COMPONENTS.filter((c) => c.type === 'agent');

export function componentsOfGroup(group: ComponentType): Component[] {
  return COMPONENTS.filter((c) => c.type === group);
}

export function findComponent(type: string, code: string): Component | undefined {
  return COMPONENTS.find((c) => c.code === code && c.type === type);
}

export function componentByCode(code: ComponentCode): Component {
  return COMPONENTS.find((c) => c.code === code)!;
}
