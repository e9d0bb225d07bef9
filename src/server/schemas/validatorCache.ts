import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { _, type AnySchema, type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { setCompiler } from '../../shared/schema/compile.js';

/**
 * Compiled validators kept on disk by schema content. Compiling the meta-schema, every page's demo-row
 * validator and the route contracts took most of a server's start; loading the code ajv generated
 * for the same schema and options takes a fraction of it. A file's name is the hash of ajv's version,
 * the options that shape the code, and the schema, so a changed schema simply gets a new file. Formats
 * are not copied into the code: it asks for them by name from the instance that compiled it.
 */

const nodeRequire = createRequire(import.meta.url);
const AJV_VERSION = (nodeRequire('ajv/package.json') as { version: string }).version;
const FORMATS_MODULE = 'project-formats';
/** The options that change the generated code. */
const SHAPING = [
  'allErrors',
  'verbose',
  'coerceTypes',
  'useDefaults',
  'removeAdditional',
  'strict',
  'strictSchema',
  'strictTypes',
  'strictTuples',
  'strictRequired',
  'validateFormats',
  'unicodeRegExp',
  'int32range',
  'ownProperties',
  'discriminator',
  'messages',
  '$data',
] as const;
const MAX_FILES = 5000;

const standalone = (standaloneCode as unknown as { default?: typeof standaloneCode }).default ?? standaloneCode;

/** An instance like `ajv` (same options and formats) that keeps the source of what it compiles. */
const twins = new WeakMap<Ajv2020, Ajv2020>();
function twinOf(ajv: Ajv2020): Ajv2020 {
  let twin = twins.get(ajv);
  if (!twin) {
    const opts = ajv.opts as unknown as Record<string, unknown>;
    const shaping = Object.fromEntries(SHAPING.filter((k) => opts[k] !== undefined).map((k) => [k, opts[k]]));
    twin = new Ajv2020({ ...shaping, strict: false, code: { source: true, formats: _`require(${FORMATS_MODULE})` } });
    for (const [name, format] of Object.entries(ajv.formats)) twin.addFormat(name, format as never);
    twins.set(ajv, twin);
  }
  return twin;
}

function keyOf(ajv: Ajv2020, schema: AnySchema): string {
  const opts = ajv.opts as unknown as Record<string, unknown>;
  const shaping = SHAPING.map((k) => [k, opts[k] ?? null]);
  return createHash('sha256')
    .update(JSON.stringify([AJV_VERSION, shaping, Object.keys(ajv.formats).sort(), schema]))
    .digest('hex')
    .slice(0, 32);
}

function load(ajv: Ajv2020, code: string, schema: AnySchema): ValidateFunction {
  const module = { exports: {} as ValidateFunction };
  const requireFor = (id: string) => (id === FORMATS_MODULE ? ajv.formats : nodeRequire(id));
  // The code is ajv's own output for this schema, read from the server's own data folder.
  new Function('module', 'exports', 'require', code)(module, module.exports, requireFor);
  const validate = module.exports;
  Object.assign(validate, { schema });
  return validate;
}

function prune(dir: string) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js'));
  if (files.length <= MAX_FILES) return;
  const byAge = files.map((f) => ({ f, t: fs.statSync(path.join(dir, f)).mtimeMs })).sort((a, b) => a.t - b.t);
  for (const { f } of byAge.slice(0, files.length - MAX_FILES)) fs.rmSync(path.join(dir, f), { force: true });
}

/** Compiles through the cache in `dir`; a schema the twin cannot turn into code is compiled as usual. */
export function cachedCompiler(dir: string) {
  let writable = true;
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch {
    // A read-only install: the code is still generated and reused in memory, just not kept.
    writable = false;
  }
  // Also in memory: apps built one after another in a process (tests) compile the same contracts.
  const loaded = new Map<string, ValidateFunction>();
  return (ajv: Ajv2020, schema: AnySchema): ValidateFunction => {
    const key = keyOf(ajv, schema);
    let v = loaded.get(key);
    if (!v) {
      v = compileOrLoad(writable ? dir : null, key, ajv, schema);
      if (loaded.size >= MAX_FILES) loaded.clear();
      loaded.set(key, v);
    }
    return v;
  };
}

function compileOrLoad(dir: string | null, key: string, ajv: Ajv2020, schema: AnySchema): ValidateFunction {
  if (!dir) return ajv.compile(schema);
  const file = path.join(dir, `${key}.js`);
  let code: string | undefined;
  try {
    code = fs.readFileSync(file, 'utf8');
    return load(ajv, code, schema);
  } catch {
    // Not there yet, or damaged: compiled again below and replaced.
  }
  try {
    const twin = twinOf(ajv);
    code = standalone(twin, twin.compile(schema));
  } catch {
    return ajv.compile(schema);
  }
  try {
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, code);
    fs.renameSync(tmp, file);
    prune(dir);
  } catch {
    // A full disk or a folder made read-only since: this start compiles, the next one tries again.
  }
  return load(ajv, code, schema);
}

/** The server compiles every validator through the cache in `dir` from now on. */
export function installValidatorCache(dir: string): void {
  setCompiler(cachedCompiler(dir));
}
