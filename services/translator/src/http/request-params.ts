import type { FormFields } from '@workspace/service-kit';
import { TranslatorError } from '../domain/translator-error.js';

// DeepL takes the same parameters as JSON or as a form. A form arrives as lists of strings per field
// (http/form-body); this turns it into the JSON shape the contracts parse: list parameters stay lists,
// the rest become one string, and a single-valued parameter sent twice is refused rather than guessed.
export function formToParams(fields: FormFields, listParameters: readonly string[]): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(fields)) {
    if (listParameters.includes(name)) {
      params[name] = values;
    } else if (values.length > 1) {
      throw new TranslatorError('BAD_REQUEST', `Parameter '${name}' given ${values.length} times; send it once.`);
    } else {
      params[name] = values[0];
    }
  }
  return params;
}

/** The request's parameters: the JSON object, the form, or (for GET) the query string. */
export function requestParams(
  body: unknown,
  query: Record<string, unknown>,
  isForm: boolean,
  listParameters: readonly string[],
): Record<string, unknown> {
  if (isForm && body !== undefined) return { ...queryParams(query), ...formToParams(body as FormFields, listParameters) };
  if (body === undefined || (typeof body === 'object' && body !== null && Object.keys(body).length === 0)) return queryParams(query);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new TranslatorError(
      'BAD_REQUEST',
      'The JSON body must be an object of parameters, e.g. {"text": ["Hello"], "target_lang": "DE"}.',
    );
  }
  return { ...queryParams(query), ...(body as Record<string, unknown>) };
}

function queryParams(query: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) throw new TranslatorError('BAD_REQUEST', `Parameter '${name}' given ${value.length} times; send it once.`);
    params[name] = value;
  }
  return params;
}
