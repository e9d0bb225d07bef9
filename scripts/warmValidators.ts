// Compiles the validators a server start needs (the page checks, menu and messages) into the
// validator cache, so the first start of a new install loads them instead of compiling. Run by
// `npm run build`; harmless to run again (the cache is by content).
import path from 'node:path';
import { configFromEnv } from '../src/server/config';
import { installValidatorCache } from '../src/server/schemas/validatorCache';
import { checkSchemas } from '../src/server/schemas/load';

const config = configFromEnv();
const dir = path.join(config.cacheDir, 'validators');
installValidatorCache(dir);
const t = performance.now();
const { pages, problems } = checkSchemas(config.schemasDir);
console.log(
  `validators for ${pages.size} pages in ${path.relative(process.cwd(), dir)} (${Math.round(performance.now() - t)} ms)${problems.length ? `; ${problems.length} schema problems, see the server's start` : ''}`,
);
