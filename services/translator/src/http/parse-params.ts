import type { Request } from 'express';
import type { z } from 'zod';
import { parseKnownParams } from './known-params.js';
import { requestParams } from './request-params.js';

/**
 * The request's parameters (JSON, form or query) parsed by `schema`, or 400 naming the parameter. Parameters
 * the schema does not know are ignored, as DeepL does (known-params.ts).
 */
export function parseParams<T extends z.ZodType>(schema: T, req: Request, listParameters: readonly string[] = []): z.output<T> {
  return parseKnownParams(
    schema,
    requestParams(req.body, req.query, Boolean(req.is('application/x-www-form-urlencoded')), listParameters),
    req,
  );
}
