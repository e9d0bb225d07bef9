// Serves `virtual:antd-styles`: in a build, the address of a stylesheet holding antd's styles for the
// console's default theme (rendered by scripts/antdStyles.tsx, named by its content); elsewhere ''.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

const ID = 'virtual:antd-styles';
const RESOLVED = `\0${ID}`;

export function antdStyles(): Plugin {
  let building = false;
  return {
    name: 'antd-styles',
    configResolved(config) {
      building = config.command === 'build' && !config.build.ssr;
    },
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      if (!building) return 'export default "";';
      // Its own process: the renderer loads antd and the console's theme as Node modules.
      const css = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/antdStyles.tsx'], {
        encoding: 'utf8',
        maxBuffer: 64 * 2 ** 20,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const fileName = `assets/antd-${createHash('sha256').update(css).digest('base64url').slice(0, 10)}.css`;
      this.emitFile({ type: 'asset', fileName, source: css });
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
  };
}
