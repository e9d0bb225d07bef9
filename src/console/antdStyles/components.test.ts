import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANTD_COMPONENTS, FORMILY_COMPONENTS } from './components';

/** Every name a source file (tests aside) imports from the module, `type` imports left out. */
function importedNames(module: string, dir = 'src'): Set<string> {
  const names = new Set<string>();
  const quoted = module.replace(/[/-]/g, '\\$&');
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'${quoted}'`, 'g');
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
        for (const m of fs.readFileSync(p, 'utf8').matchAll(pattern))
          for (const part of m[1].split(',')) {
            const name = part.trim().split(/\s+as\s+/)[0];
            if (name && !name.startsWith('type ') && /^[A-Z]/.test(name)) names.add(name);
          }
    }
  };
  walk(dir);
  return names;
}

describe('the components whose styles the build writes into a stylesheet', () => {
  it('include every antd component the console imports', async () => {
    const antd = (await import('antd')) as Record<string, unknown>;
    // Names that are types, or components without styles of their own (ConfigProvider, Grid's hooks).
    const rendered = [...importedNames('antd')].filter(
      (n) => typeof antd[n] === 'function' || (typeof antd[n] === 'object' && antd[n] !== null && n !== 'Grid'),
    );
    const missing = rendered.filter((n) => n !== 'ConfigProvider' && !(ANTD_COMPONENTS as readonly string[]).includes(n));
    expect(missing).toEqual([]);
  });

  it('include every Formily part the console imports', () => {
    const inputs = new Set<string>(ANTD_COMPONENTS);
    // Formily's NumberPicker is antd's InputNumber; its other inputs carry antd's names.
    const missing = [...importedNames('@formily/antd-v5')].filter(
      (n) => !(FORMILY_COMPONENTS as readonly string[]).includes(n) && !inputs.has(n === 'NumberPicker' ? 'InputNumber' : n),
    );
    expect(missing).toEqual([]);
  });

  it('name only components antd exports', async () => {
    const antd = (await import('antd')) as Record<string, unknown>;
    expect(ANTD_COMPONENTS.filter((n) => !antd[n])).toEqual([]);
  });
});
