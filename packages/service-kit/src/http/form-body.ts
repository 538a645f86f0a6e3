import { isUtf8 } from 'node:buffer';
import bodyParser from 'body-parser';
import type { RequestHandler } from 'express';
import { HttpProblem } from './http-problem.js';

/** A form body as every value of every field, in order: `text=a&text=b` -> `{ text: ['a', 'b'] }`. */
export type FormFields = Record<string, string[]>;

// URL-encoded forms with an explicit size limit. Repeated fields are kept as lists whatever their
// count (qs, behind express.urlencoded, turns more than 20 repeats into an object), and invalid UTF-8
// is refused instead of silently replaced.
export function formBody(options: { limit: string | number }): RequestHandler {
  const readRaw = bodyParser.raw({ type: 'application/x-www-form-urlencoded', limit: options.limit });
  return (req, res, next) => {
    readRaw(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (!Buffer.isBuffer(req.body)) return next();
      if (!isUtf8(req.body)) return next(new HttpProblem(400, 'request body is not valid UTF-8'));
      try {
        req.body = parseFormFields(req.body.toString('utf8'));
      } catch (problem) {
        return next(problem);
      }
      next();
    });
  };
}

/** Throws an HttpProblem (400) on malformed percent-encoding, which URLSearchParams would turn into U+FFFD. */
export function parseFormFields(encoded: string): FormFields {
  const fields: FormFields = Object.create(null) as FormFields;
  for (const pair of encoded.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decodeFormComponent(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : decodeFormComponent(pair.slice(equals + 1));
    (fields[name] ??= []).push(value);
  }
  return fields;
}

function decodeFormComponent(component: string): string {
  try {
    return decodeURIComponent(component.replaceAll('+', ' '));
  } catch {
    throw new HttpProblem(400, `request body is not valid form encoding (bad percent-escape near "${component.slice(0, 40)}")`);
  }
}
