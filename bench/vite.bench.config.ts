// The project's Vite config plus a plugin that records which modules went into which chunk (and how
// many bytes each rendered), so the bundle section can say what the loaded JS consists of.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, UserConfig } from 'vite';
import base from '../vite.config';
import { MODULES_FILE } from './build';

interface ChunkLike {
  type: string;
  modules?: Record<string, { renderedLength: number }>;
}

const record: Plugin = {
  name: 'bench-chunk-modules',
  apply: 'build',
  writeBundle(options, bundle) {
    const out: Record<string, Record<string, number>> = {};
    for (const [file, c] of Object.entries(bundle as Record<string, ChunkLike>)) {
      if (c.type !== 'chunk') continue;
      out[`/${file}`] = Object.fromEntries(Object.entries(c.modules ?? {}).map(([id, m]) => [id, m.renderedLength]));
    }
    fs.writeFileSync(path.join(options.dir!, MODULES_FILE), JSON.stringify(out));
  },
};

const config = base as UserConfig;
export default { ...config, plugins: [...(config.plugins ?? []), record] } satisfies UserConfig;
