import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv, type ValidateFunction } from 'ajv/dist/ajv.js';
import { RelayError } from '../relay-error.js';
import { linearRegExp } from './linear-reg-exp.js';

const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;
// Formats are not asserted (no ajv-formats): `format` stays an annotation, as draft 2020-12 makes it by default.
// Patterns run on RE2, in linear time (linear-reg-exp.ts).
const OPTIONS = { allErrors: false, strict: false, validateFormats: false, code: { regExp: linearRegExp } } as const;
const draft2020 = new Ajv2020(OPTIONS);
const draft07 = new Ajv(OPTIONS);

// Compiled once per event type and version: compiling costs far more than validating.
const compiled = new Map<string, ValidateFunction>();
const MAX_CACHED = 1000;

export interface SchemaVerdict {
  valid: boolean;
  /** The first reason it does not validate, `/amount must be integer`; null when valid. */
  error: string | null;
}

/** Compiles a tenant's JSON Schema (draft 2020-12, or draft-07 when `$schema` names it); 400 with ajv's message when it is not one. */
export function compileEventTypeSchema(schema: Record<string, unknown>): ValidateFunction {
  const ajv = typeof schema.$schema === 'string' && DRAFT_07.test(schema.$schema) ? draft07 : draft2020;
  try {
    // Ids inside schemas would collide across tenants in ajv's shared registry: compile a copy without one.
    const { $id: _id, ...anonymous } = schema;
    const validate = ajv.compile(anonymous);
    // Our own cache keeps the compiled function; ajv's (by schema object) would only grow.
    ajv.removeSchema(anonymous);
    return validate;
  } catch (error) {
    throw new RelayError('invalid_request', `schema is not a valid JSON Schema: ${(error as Error).message}`);
  }
}

/** The compiled schema of an event type, from the cache when this version of it was compiled before. */
export function validatorFor(eventType: { id: string; schema: unknown }): ValidateFunction {
  // Keyed by the schema's text, not its updated_at: two changes within one clock tick must not share a version.
  const key = `${eventType.id}:${JSON.stringify(eventType.schema)}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = compileEventTypeSchema(eventType.schema as Record<string, unknown>);
    if (compiled.size >= MAX_CACHED) compiled.clear();
    compiled.set(key, validate);
  }
  return validate;
}

/** Whether a body validates against a compiled schema: a body that is not JSON does not. */
export function checkAgainstSchema(validate: ValidateFunction, body: Buffer): SchemaVerdict {
  let document: unknown;
  try {
    document = JSON.parse(body.toString('utf8'));
  } catch {
    return { valid: false, error: 'the body is not JSON' };
  }
  if (validate(document)) return { valid: true, error: null };
  const first = validate.errors?.[0];
  return { valid: false, error: first ? `${first.instancePath || '/'} ${first.message ?? 'does not validate'}` : 'does not validate' };
}
