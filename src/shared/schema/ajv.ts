import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { FORMAT_CHECKS, SCRIPT_SCHEME } from '../validators';

/** Formily and engine keywords that ride along in the model; ajv must accept and ignore them. */
export const EXTENSION_KEYWORDS = [
  'x-enum-labels',
  'x-enum-colors',
  'x-hash',
  'x-ref',
  'x-ref-multiple',
  'x-unique',
  'x-index',
  'x-filter',
  'x-cell',
  'x-component',
  'x-component-props',
  'x-decorator',
  'x-decorator-props',
  'x-reactions',
  'x-editable',
  'x-sequence',
  'x-generated',
  'x-export',
  'x-computed',
  'x-after',
  'x-not-future',
  'x-region-level',
  'x-required-when',
  'x-ref-filter',
  'x-ref-depends',
  'x-ref-fill',
  'x-must-choose',
  'x-pattern-message',
  'x-not-secret',
];

/** Formats taken from ajv-formats as they are. */
const STANDARD_FORMATS = ['date', 'date-time', 'email', 'ipv4', 'ipv6'] as const;

/** Every format a field may name: the meta-schema's FieldFormat enum is kept equal to this list. */
export const FORMAT_NAMES: readonly string[] = [...STANDARD_FORMATS, 'uri', ...Object.keys(FORMAT_CHECKS), 'richText', 'color'];

/** One ajv instance knows the project's formats; both the browser and the server validate with it. */
export function createAjv(verbose = false): Ajv2020 {
  // verbose keeps the schema beside each error, so a schema check can suggest the keyword meant.
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false, verbose });
  addFormats(ajv, [...STANDARD_FORMATS]);
  // A valid URI may still run script where it is shown as a link.
  const uri = fullFormats.uri as (v: string) => boolean;
  ajv.addFormat('uri', { type: 'string', validate: (v: string) => uri(v) && !SCRIPT_SCHEME.test(v) });
  for (const [name, check] of Object.entries(FORMAT_CHECKS)) ajv.addFormat(name, { type: 'string', validate: (v: string) => check(v) });
  // Any text is accepted: the server cleans rich text to its allowed HTML before validating it.
  ajv.addFormat('richText', { type: 'string', validate: () => true });
  ajv.addFormat('color', { type: 'string', validate: (v: string) => /^#[0-9a-fA-F]{6}$/.test(v) });
  for (const keyword of EXTENSION_KEYWORDS) ajv.addKeyword({ keyword });
  return ajv;
}
