import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { API_KEY_PREFIX } from '../config.js';
import { RelayError } from '../domain/relay-error.js';

/**
 * Guards /admin: the operator's RELAY_ADMIN_API_KEY as a bearer token, compared in constant time. A tenant's
 * API key is refused (403) whether or not it is valid: tenants never administer the installation. Without
 * RELAY_ADMIN_API_KEY, /admin does not exist (404).
 */
export function requireAdminKey(adminKey: string | undefined): RequestHandler {
  const expected = adminKey === undefined ? undefined : digest(adminKey);
  return (req, _res, next) => {
    if (!expected) return next(new RelayError('not_found', `no route for ${req.method} ${req.path}`));
    const header = req.get('authorization') ?? '';
    const match = /^Bearer ([\x21-\x7e]{1,512})$/i.exec(header);
    if (!match) return next(new RelayError('unauthorized', 'send the admin key as Authorization: Bearer <RELAY_ADMIN_API_KEY>'));
    const presented = match[1]!;
    if (presented.startsWith(API_KEY_PREFIX)) {
      return next(new RelayError('forbidden', "a tenant's API key cannot administer the relay; use RELAY_ADMIN_API_KEY"));
    }
    if (!timingSafeEqual(digest(presented), expected)) return next(new RelayError('unauthorized', 'not the admin key'));
    next();
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
