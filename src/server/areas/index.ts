import type { AppContext } from '../context.js';
import type { Area } from './area.js';
import { registerActionHandler } from '../actions/index.js';
import { registerJob } from '../jobs/index.js';
import { registerDemoGenerators } from '../db/demoGenerators.js';
import { gateway } from './gateway/index.js';
import { alct } from './alct/index.js';
import { tax } from './tax/index.js';
import { ministry } from './ministry/index.js';
import { cloudPay } from './cloudPay/index.js';
import { location } from './location/index.js';

export type { Area } from './area.js';

/** Every business area, in the order their demo seeds run. */
export const AREAS: Area[] = [gateway, cloudPay, location, alct, tax, ministry];

/**
 * Hands every area's parts to the generic registries (actions, jobs, demo generators), which import
 * no area: the areas build on them, and app.ts calls this once when it loads.
 */
export function registerAreas(): void {
  for (const area of AREAS) {
    for (const [name, handler] of Object.entries(area.actions ?? {})) registerActionHandler(name, handler);
    for (const [name, job] of Object.entries(area.jobs ?? {})) registerJob(name, job);
    registerDemoGenerators(area.demo ?? {});
  }
}

/** Runs each area's demo seed, after the demo accounts are in place. */
export async function seedAreaDemos(ctx: AppContext, log: (msg: string) => void): Promise<void> {
  for (const area of AREAS) await area.seed?.(ctx, log);
}
