import type { RequestHandler, Response } from 'express';
import type { AuthenticatedKey } from '../domain/keys/api-key.js';
import type { KeyAuthenticator } from '../domain/keys/authenticate-key.js';

/** Every /v2 route needs a key; the key travels to the handlers in `res.locals.key`. */
export function requireKey(authenticator: KeyAuthenticator): RequestHandler {
  return (req, res, next) => {
    authenticator.authenticate(req.headers.authorization).then((key) => {
      res.locals.key = key;
      next();
    }, next);
  };
}

export function keyOf(res: Response): AuthenticatedKey {
  return res.locals.key as AuthenticatedKey;
}
