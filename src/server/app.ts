import fs from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { ServerConfig } from './config.js';
import type { AppContext, SmsSender } from './context.js';
import { openDatabase, type Database } from './db/connect.js';
import { dropObsoleteIndexes, ensureTable, existingTables } from './db/migrate.js';
import { CORE_TABLES } from './db/coreTables.js';
import { pageTableSpec } from '../shared/schema/sql.js';
import { readMenuFile, syncMenu } from './db/menuSync.js';
import { seedAccounts, seedFoundation, startDemoHashes } from './db/seed.js';
import { demoGenerators } from './demo/index.js';
import { registerDemoGenerators } from './db/demoGenerators.js';
import { registerAreas, seedAreaDemos } from './areas/index.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/envelope.js';
import { registerSecurityHeaders } from './plugins/securityHeaders.js';
import { registerRequestLog } from './plugins/requestLog.js';
import { AccessLog } from './plugins/accessLog.js';
import { registerBodyText } from './plugins/bodyText.js';
import { sharedSerializers } from './plugins/serializers.js';
import { loadKeys } from './security/keys.js';
import { rotateKeys } from './db/rotateKeys.js';
import { registerAuthorize } from './routes/authorize.js';
import { registerSession } from './routes/session.js';
import { registerParty } from './routes/party.js';
import { blacklistGuard, logSmsSender } from './sms/sender.js';
import { loadSchemas } from './schemas/load.js';
import { installValidatorCache } from './schemas/validatorCache.js';
import { readPagesFrom, setStoredMessages } from './i18n/messages.js';
import { preparePageTables } from './data/pageTables.js';
import { registerDataRoutes } from './routes/data.js';
import { registerPublicRoutes } from './routes/public.js';
import { registerTodoRoutes } from './routes/todo.js';
import { registerDashboardRoutes } from './routes/dashboard.js';
import { registerErrorLogRoutes } from './routes/errorLog.js';
import { registerFileRoutes } from './routes/files.js';
import { registerFileLinkRoutes } from './routes/fileLinks.js';
import { registerMenuTreeRoute } from './routes/menuTree.js';
import { registerSchemaReload } from './routes/schemaReload.js';
import { startLiveReload } from './schemas/liveReload.js';
import { applyStoredAtStart } from './schemas/versions.js';
import { storedExtras, withPlaygroundEntries } from './schemas/playgroundExtras.js';
import { registerPlayground } from './routes/playground.js';
import { registerApiDocs } from './plugins/apiDocs.js';
import { registerGateway } from './routes/gateway.js';
import { registerAccessGuards } from './services/accessGuards.js';
import { registerOperations } from './operations.js';

// The database layer creates page tables and runs their demo generators, and the generic registries run
// actions and jobs: the demo code and the business areas hand theirs in here.
registerDemoGenerators(demoGenerators);
registerAreas();

export interface BuildOptions {
  /** Reuse an open database (tests share one per file); otherwise one is opened from the config. */
  database?: Database;
  sms?: SmsSender;
  logger?: boolean;
}

export async function prepareDatabase(ctx: AppContext, log: (msg: string) => void): Promise<void> {
  const tables = await existingTables(ctx.database);
  for (const spec of CORE_TABLES) await ensureTable(ctx.database, spec, tables);
  const demoHashes = await startDemoHashes(ctx);
  await loadKeys(ctx);
  await applyStoredAtStart(ctx, log);
  // Pages made in the playground bring their messages and menu entries from the database.
  const extras = await storedExtras(ctx);
  setStoredMessages(extras.messages);
  await seedFoundation(ctx);
  await preparePageTables(ctx, log);
  const pageSpecs = [...ctx.schemas.pages.values()].map(pageTableSpec).filter((s) => s !== null);
  const dropped = await dropObsoleteIndexes(ctx.database, [...CORE_TABLES, ...pageSpecs]);
  if (dropped.length) log(`indexes: ${dropped.length} no longer needed were dropped (${dropped.join(', ')})`);
  const rotated = await rotateKeys(ctx);
  if (rotated.rewritten) log(`keys: ${rotated.rewritten} stored secrets re-encrypted under the current key`);
  if (rotated.unreadable) log(`keys: ${rotated.unreadable} stored secrets open with no known key (SECRET_KEY_PREVIOUS may lack one)`);
  const menu = await syncMenu(ctx, withPlaygroundEntries(readMenuFile(ctx.config.schemasDir), extras.menus));
  if (menu.added || menu.updated) log(`menu: ${menu.added} entries added and ${menu.updated} updated from menu.json`);
  await seedAccounts(ctx, log, demoHashes);
  await seedAreaDemos(ctx, log);
}

export async function buildApp(config: ServerConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            // Query strings may carry passwords (spec §7 sends updatePass and register that way): paths only.
            serializers: { req: (req) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip }) },
          },
    logController: new AccessLog(),
    // Only named balancers may say who the client is: anyone else could forge X-Forwarded-For.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 2 * 1024 * 1024,
    // Validators stay Fastify's own: a validator compiler given here would also stop it lowercasing header schemas.
    schemaController: { compilersFactory: { buildSerializer: sharedSerializers } },
  });
  installValidatorCache(path.join(config.cacheDir, 'validators'));
  const schemas = loadSchemas(config.schemasDir);
  readPagesFrom(config.schemasDir);
  const database = opts.database ?? (await openDatabase(config));
  const ctx: AppContext = { config, database, schemas, sms: opts.sms ?? logSmsSender(database, () => app.log) };
  ctx.sms = blacklistGuard(ctx, ctx.sms);
  app.decorate('ctx', ctx);
  if (!opts.database) app.addHook('onClose', async () => database.close());

  try {
    await prepareDatabase(ctx, (msg) => app.log.info(msg));
  } catch (err) {
    // A refused start (e.g. a destructive schema change) must not leave the database connections open.
    if (!opts.database) await database.close();
    throw err;
  }

  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });
  // Answers above 1 KiB leave compressed as the client accepts; precompressed static files and
  // answers that already carry an encoding are left as they are. Answers up to 256 KiB (a list page
  // of up to ~400 waybills) are compressed in one synchronous call: the plugin's default on two
  // cores (8 KiB) sent a 20-waybill page (14 KiB) through a brotli stream per answer, which took the
  // list from ~900 to ~300 answers a second. Brotli's window is sized to the answer (size hint).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    syncThreshold: 256 * 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
  });
  registerBodyText(app);
  await registerApiDocs(app);
  registerAuth(app);
  registerErrorHandling(app);
  registerRequestLog(app);
  registerAccessGuards(app);

  registerAuthorize(app);
  registerSession(app);
  registerParty(app);
  registerDataRoutes(app);
  registerPublicRoutes(app);
  registerTodoRoutes(app);
  registerDashboardRoutes(app);
  registerErrorLogRoutes(app);
  registerFileRoutes(app);
  registerFileLinkRoutes(app);
  registerMenuTreeRoute(app);
  registerSchemaReload(app);
  await startLiveReload(app);
  registerPlayground(app);
  registerGateway(app);
  await registerOperations(app);

  if (config.distDir && fs.existsSync(path.join(config.distDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      // Hashed assets never change; the page and unhashed files are checked on every visit.
      setHeaders: (res, file) => {
        res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return app;
}
