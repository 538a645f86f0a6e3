import type { RequestHandler } from 'express';
import { TranslatorError } from '../domain/translator-error.js';
import { keyOf } from './authenticate.js';

/** The administration API answers admin keys only; a developer key gets 403 like any refused key. */
export const requireAdmin: RequestHandler = (_req, res, next) => {
  if (keyOf(res).isAdmin) return next();
  next(new TranslatorError('FORBIDDEN', 'This endpoint needs an admin key: developer keys cannot use the administration API.'));
};
