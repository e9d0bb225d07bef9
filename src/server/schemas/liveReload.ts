import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import { openChannel } from '../db/pgChannel.js';
import { reloadEverywhere, reloadInTurn, setReloadAnnouncer } from './reload.js';
import { watchFolder } from './folderWatch.js';

/** The channel on which an instance that reloaded its pages tells the others sharing its PostgreSQL database. */
export const SCHEMAS_CHANNEL = 'scop_schemas';
/** An editor's save is several events (a temporary file, its rename); they are taken as one change. */
const DEBOUNCE_MS = 120;

/** A refused reload is logged with every problem and its place; anything else is a fault worth its stack. */
function logRefusal(app: FastifyInstance, why: string, err: unknown): void {
  const problems = err instanceof AppError ? (err.data as { problems?: string[] } | null)?.problems : undefined;
  if (problems) app.log.warn(`${why}: not applied, ${problems.length} problems:\n  ${problems.join('\n  ')}`);
  else app.log.error(err, why);
}

/**
 * Keeps the pages of this instance current without a restart: on PostgreSQL every instance listens
 * for the others' reloads and reloads too (the instances read the same schemas folder); with
 * `watchSchemas` a changed file under the folder is reloaded after a short quiet time; an invalid
 * file is logged with its problems and not applied (its page stays as it was), the others are.
 */
export async function startLiveReload(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const log = (m: string) => app.log.info(m);
  if (ctx.database.dialect === 'postgres' && ctx.config.databaseUrl) {
    const channel = await openChannel(
      ctx.config.databaseUrl,
      SCHEMAS_CHANNEL,
      'scop-schema-listener',
      () => {
        reloadInTurn(ctx, log).catch((err) => logRefusal(app, 'another instance reloaded the pages, this one could not', err));
      },
      (m) => app.log.warn(m),
    );
    setReloadAnnouncer(ctx, () => channel.announce('reload'));
    app.addHook('onClose', async () => channel.close());
  }
  if (!ctx.config.watchSchemas) return;
  let timer: NodeJS.Timeout | undefined;
  const watcher = watchFolder(
    ctx.config.schemasDir,
    (file) => {
      if (!file.endsWith('.json')) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        reloadEverywhere(ctx, log).then(
          (r) => {
            if (r.refused.length)
              app.log.warn(
                `changed page files: those with problems not applied, the others applied (${r.refused.length} problems):\n  ${r.refused.join('\n  ')}`,
              );
          },
          (err) => logRefusal(app, 'a changed page file', err),
        );
      }, DEBOUNCE_MS);
    },
    (err) => app.log.warn(`schemas folder watch stopped: ${err.message}`),
  );
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    watcher.close();
  });
  app.log.info(`watching ${ctx.config.schemasDir} for page changes`);
}
