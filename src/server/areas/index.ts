import type { AppContext } from '../context.js';
import type { Area } from './area.js';
import { actionHandler, registerActionHandler } from '../actions/index.js';
import { jobHandler, registerJob } from '../jobs/index.js';
import { demoGeneratorFor, registerDemoGenerators } from '../db/demoGenerators.js';
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
  // A name taken twice would silently replace the other's handler: refuse it when the server loads.
  const taken = (kind: string, name: string, area: Area) => {
    throw new Error(`The ${kind} "${name}" of the area ${area.name} is already registered by another part`);
  };
  for (const area of AREAS) {
    for (const [name, handler] of Object.entries(area.actions ?? {})) {
      if (actionHandler(name)) taken('action', name, area);
      registerActionHandler(name, handler);
    }
    for (const [name, job] of Object.entries(area.jobs ?? {})) {
      if (jobHandler(name)) taken('job', name, area);
      registerJob(name, job);
    }
    for (const page of Object.keys(area.demo ?? {})) if (demoGeneratorFor(page)) taken('demo generator of', page, area);
    registerDemoGenerators(area.demo ?? {});
  }
}

/** Runs each area's demo seed, after the demo accounts are in place. */
export async function seedAreaDemos(ctx: AppContext, log: (msg: string) => void): Promise<void> {
  for (const area of AREAS) await area.seed?.(ctx, log);
}
