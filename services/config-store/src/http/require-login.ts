import type { RequestHandler } from 'express';
import { AppError } from '../domain/app-error.js';

export const requireLogin: RequestHandler = (req, _res, next) => {
  if (req.session?.userId !== undefined) return next();
  next(new AppError('FORBIDDEN', 'log in first: POST /login with {"username", "password"}'));
};
