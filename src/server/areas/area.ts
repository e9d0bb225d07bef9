import type { AppContext } from '../context.js';
import type { ActionHandler } from '../actions/types.js';
import type { JobHandler } from '../jobs/types.js';
import type { DemoGenerator } from '../db/demoGenerators.js';

/**
 * A business area's parts, gathered in its folder (`areas/<name>/`) and registered through its
 * `index.ts`: the action handlers its pages name, the jobs its schedules name, the generators of its
 * pages' demo rows, and a demo seed that runs once the demo accounts exist (for rows made through
 * the area's own code, such as the gateway's metered calls). The area's connector stays inside the
 * folder, used by these.
 */
export interface Area {
  name: string;
  actions?: Record<string, ActionHandler>;
  jobs?: Record<string, JobHandler>;
  demo?: Record<string, DemoGenerator>;
  seed?: (ctx: AppContext, log: (msg: string) => void) => Promise<void>;
}
