import { buildApp } from './app.js';
import { configFromEnv } from './config.js';

const config = configFromEnv();
const app = await buildApp(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`console and portal at http://${config.host}:${config.port}/  (store: ${config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`})`);
