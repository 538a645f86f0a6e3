import { isUtf8 } from 'node:buffer';
import bodyParser from 'body-parser';
import type { RequestHandler } from 'express';
import { HttpProblem } from './http-problem.js';

// JSON bodies with an explicit size limit; invalid UTF-8 is refused instead of silently replaced.
export function jsonBody(options: { limit: string | number; type?: string | string[] }): RequestHandler {
  return bodyParser.json({
    limit: options.limit,
    // Primitives parse too, so the schema can say "must be a JSON object" instead of a parser error.
    strict: false,
    type: options.type ?? ['application/json', 'application/*+json'],
    verify: (_req, _res, buffer) => {
      if (!isUtf8(buffer)) throw new HttpProblem(400, 'request body is not valid UTF-8');
    },
  });
}
