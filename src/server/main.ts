import { buildApp } from './app.js';
import { configFromEnv } from './config.js';
import { SchemaError } from './schemas/load.js';

// Module loading is over by the time this line runs: what follows is the start's own work.
const workStarted = performance.now();
const config = configFromEnv();
const app = await buildApp(config).catch((err: unknown) => {
  // Schema mistakes are the analyst's to fix: the list of places says it all, a stack trace would bury it.
  if (!(err instanceof SchemaError)) throw err;
  console.error(err.message);
  process.exit(1);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `console and portal at http://${config.host}:${config.port}/  (store: ${config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`})`,
);
app.log.info(
  `ready ${Math.round(performance.now())} ms after the process started, of which ${Math.round(performance.now() - workStarted)} ms preparing`,
);
