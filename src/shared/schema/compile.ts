import type Ajv2020 from 'ajv/dist/2020.js';
import type { AnySchema, ValidateFunction } from 'ajv';

export type Compiler = (ajv: Ajv2020, schema: AnySchema) => ValidateFunction;

let compiler: Compiler = (ajv, schema) => ajv.compile(schema);

/**
 * Compiles a schema the way the host chose: plain `ajv.compile` in the browser, and on the server a
 * cache of compiled code by schema content (server/schemas/validatorCache.ts), since compiling the
 * page checks' validators was most of a server's start.
 */
export function compileSchema<T = unknown>(ajv: Ajv2020, schema: AnySchema): ValidateFunction<T> {
  return compiler(ajv, schema) as ValidateFunction<T>;
}

export function setCompiler(c: Compiler): void {
  compiler = c;
}
