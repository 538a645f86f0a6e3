import { translatorValidationMessage } from '@workspace/contracts';
import type { Request } from 'express';
import type { z } from 'zod';
import { TranslatorError } from '../domain/translator-error.js';
import { requestParams } from './request-params.js';

/** The request's parameters (JSON, form or query) parsed by `schema`, or 400 naming the parameter. */
export function parseParams<T extends z.ZodType>(schema: T, req: Request, listParameters: readonly string[] = []): z.output<T> {
  const parsed = schema.safeParse(requestParams(req.body, req.query, Boolean(req.is('application/x-www-form-urlencoded')), listParameters));
  if (!parsed.success) throw new TranslatorError('BAD_REQUEST', translatorValidationMessage(parsed.error));
  return parsed.data;
}
