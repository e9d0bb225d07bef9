import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../shared/schema/ajv.js';
import { compileSchema } from '../../shared/schema/compile.js';
import { demoRowSchema } from '../../shared/schema/recordValidator.js';
import { resolveDemoRow } from '../../shared/schema/demoValues.js';
import { explainAjvError } from '../../shared/schema/teach.js';
import type { PageSchema } from '../../shared/schema/types.js';

const ajv = createAjv(true);

/**
 * Compiled row validators by their schema's text: compiling is most of a full check's time, and the
 * playground checks every page again on each preview, nearly all of them unchanged.
 */
const compiled = new Map<string, ValidateFunction>();

function validatorOf(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  let v = compiled.get(key);
  if (!v) {
    if (compiled.size >= 1000) compiled.clear();
    v = compileSchema(ajv, schema);
    compiled.set(key, v);
  }
  return v;
}

/**
 * Each demo row must be a record of its own model (read-only fields allowed), each error at
 * /demo/<row>/<field> so the loader shows its line. partyCode is the seeding's, not the model's.
 */
export function demoRowErrors(page: PageSchema): string[] {
  if (!page.demo?.length || !page.model) return [];
  let v: ValidateFunction;
  try {
    v = validatorOf(demoRowSchema(page));
  } catch (err) {
    return [`model: ${(err as Error).message}`];
  }
  return page.demo.flatMap((demo, i) => {
    const { partyCode: _p, ...rest } = resolveDemoRow(demo);
    void _p;
    if (v(rest)) return [];
    return (v.errors ?? []).map((e) => explainAjvError({ ...e, instancePath: `/demo/${i}${e.instancePath}` }, page.id));
  });
}
