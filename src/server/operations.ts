import type { FastifyInstance } from 'fastify';
import { registerActionRoutes } from './routes/actions.js';
import { registerImportRoutes } from './routes/import.js';
import { seedSchedules, startScheduler } from './jobs/scheduler.js';
import { secretKey } from './security/secrets.js';

/** Actions on lists and selections, import, and scheduled jobs. */
export async function registerOperations(app: FastifyInstance): Promise<void> {
  // The secret key is read (or created) at start, so a bad SECRET_KEY stops the start, not a later write.
  secretKey(app.ctx.config);
  registerActionRoutes(app);
  registerImportRoutes(app);
  await seedSchedules(app);
  startScheduler(app, app.ctx.config.jobTickSeconds);
}
