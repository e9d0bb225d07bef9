import type { ActionHandler } from '../actions/types.js';
import type { JobHandler } from '../jobs/types.js';
import type { DemoGenerator } from '../db/demoGenerators.js';

/**
 * A business area's parts, gathered in its folder (`areas/<name>/`) and registered through its
 * `index.ts`: the action handlers its pages name, the jobs its schedules name, and the generators
 * of its pages' demo rows. The area's connector and routes stay inside the folder, used by these.
 */
export interface Area {
  name: string;
  actions?: Record<string, ActionHandler>;
  jobs?: Record<string, JobHandler>;
  demo?: Record<string, DemoGenerator>;
}
