import type { FastifyInstance } from 'fastify';
import { registerActionRoutes } from './routes/actions.js';
import { registerImportRoutes } from './routes/import.js';
import { seedSchedules, startScheduler } from './jobs/scheduler.js';

/** Actions on lists and selections, import, and scheduled jobs. */
export async function registerOperations(app: FastifyInstance): Promise<void> {
  registerActionRoutes(app);
  registerImportRoutes(app);
  await seedSchedules(app);
  startScheduler(app, app.ctx.config.jobTickSeconds);
}
