import type { RequestHandler, Response } from 'express';
import { authenticateApiKey, type Principal } from '../domain/api-keys/authenticate-api-key.js';
import type { KeyUseRecorder } from '../domain/api-keys/key-use-recorder.js';
import type { ConnectionPool } from '../db/prisma.js';

/** Every /v1 route needs a key; the principal travels in `res.locals.principal`. */
export function requireApiKey(pool: ConnectionPool, keyUse: KeyUseRecorder): RequestHandler {
  return (req, res, next) => {
    authenticateApiKey(pool, req.headers.authorization).then(
      (principal) => {
        res.locals.principal = principal;
        void keyUse.record(principal.tenantId, principal.apiKeyId);
        next();
      },
      (error: unknown) => {
        res.setHeader('WWW-Authenticate', 'Bearer realm="webhook-relay"');
        next(error);
      },
    );
  };
}

export function principalOf(res: Response): Principal {
  return res.locals.principal as Principal;
}
