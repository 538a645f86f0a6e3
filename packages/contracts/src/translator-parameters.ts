import { z } from 'zod';
import { displayNameCheck, storableTextCheck } from './display-text.js';

// Building blocks of the translator's parameter schemas (translator.ts, translator-admin.ts): each rule
// words its own 400 message with the parameter's name, the way DeepL does.

export const notSupported = (name: string, hint = '') => `Value for '${name}' not supported.${hint ? ` ${hint}` : ''}`;
export const missing = (name: string) => `Parameter '${name}' not specified.`;

export const requiredString = (name: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? missing(name) : notSupported(name, 'Expected a string.')) });

export const optionalString = (name: string) => z.string({ error: notSupported(name, 'Expected a string.') }).optional();

/** A name or label: refused with NUL, a lone surrogate, a control character, or nothing visible. */
export const displayName = (name: string, noun: string) =>
  requiredString(name).superRefine(displayNameCheck((problem) => notSupported(name, `The ${noun} ${problem}.`)));

/** Other text that is stored: refused with NUL or a lone surrogate, which PostgreSQL cannot keep. */
export const storableString = (name: string, noun: string) =>
  requiredString(name).superRefine(storableTextCheck((problem) => notSupported(name, `The ${noun} ${problem}.`)));

/** JSON booleans, or 0/1/true/false as form fields send them. */
export const flag = (name: string) =>
  z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false']), z.literal(0), z.literal(1)], {
      error: notSupported(name, 'Use 0, 1, true or false.'),
    })
    .transform((value) => value === true || value === '1' || value === 'true' || value === 1)
    .optional();

export const oneOf = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: notSupported(name, `Allowed: ${values.map((v) => `'${v}'`).join(', ')}.`) }).optional();

/** Options of a strict object whose unknown members are refused by name. */
export const refuseUnknownParameters = {
  error: (issue: z.core.$ZodRawIssue) => (issue.code === 'unrecognized_keys' ? `Unknown parameter '${issue.keys[0]}'.` : undefined),
};

/** `text`, given one or more times: at least one string, at most `max`. */
export const textList = (max: number) =>
  z
    .array(z.string({ error: notSupported('text', 'Each text must be a string.') }), {
      error: (issue) => (issue.input === undefined ? missing('text') : notSupported('text', 'Expected a list of strings.')),
    })
    .min(1, missing('text'))
    .max(max, `Too many texts: at most ${max} 'text' values per request.`);
