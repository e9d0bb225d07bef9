import Ajv2020 from 'ajv/dist/2020.js';

/** What a role may do: menu code → the actions granted on it. */
export type Grants = Record<string, string[]>;

/**
 * The stored shape of a role's grants: menu code → the actions granted on it. Bounded, so a role
 * cannot be made too large to read or too deep to serialise.
 */
export const GRANTS_SCHEMA = {
  type: 'object',
  maxProperties: 1000,
  propertyNames: { type: 'string', minLength: 1, maxLength: 128 },
  additionalProperties: { type: 'array', maxItems: 64, items: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

// allErrors off: the first wrong entry is enough to refuse, however large the value.
const validate = new Ajv2020({ allErrors: false, strict: false }).compile(GRANTS_SCHEMA);

export function isGrants(value: unknown): value is Grants {
  return validate(value) as boolean;
}

/**
 * Grants as stored, read defensively: entries that are not a list of action names are skipped, so a
 * damaged role grants less instead of failing every request of its users.
 */
export function readGrants(value: unknown): Grants {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const out: Grants = {};
  for (const [code, actions] of Object.entries(parsed)) {
    if (Array.isArray(actions)) out[code] = actions.filter((a): a is string => typeof a === 'string');
  }
  return out;
}
