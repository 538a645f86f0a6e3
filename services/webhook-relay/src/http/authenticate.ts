import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { authenticateApiKey, type Principal } from '../domain/api-keys/authenticate-api-key.js';
import type { KeyUseRecorder } from '../domain/api-keys/key-use-recorder.js';
import { RelayError } from '../domain/relay-error.js';
import type { ConnectionPool } from '../db/prisma.js';
import type { TenantDatabase } from '../db/tenant-database.js';
import { relayFindApiKey } from '../db/functions/relay-find-api-key.js';
import type { PrincipalWatch } from './principal-watch.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-csrf-token';

export interface AuthenticateOptions {
  pool: ConnectionPool;
  /** Checks that a session's user still exists (an operator may have deleted the tenant). */
  tenants: TenantDatabase;
  keyUse: KeyUseRecorder;
  /** The dashboard's session middleware; absent: only API keys open /v1. */
  sessions?: RequestHandler;
  /** Ends long requests (watchPrincipal) once their principal ends. */
  principals?: PrincipalWatch;
}

/**
 * Every /v1 route needs a key or a dashboard session; the principal travels in `res.locals.principal`.
 * A request with an Authorization header is an API client (its cookies are ignored); one without it may
 * carry the dashboard's session cookie, and then needs the session's CSRF token to change anything.
 */
export function requirePrincipal(options: AuthenticateOptions): RequestHandler {
  const { pool, tenants, keyUse, sessions, principals } = options;
  return (req, res, next) => {
    const fail = (error: unknown) => {
      res.setHeader('WWW-Authenticate', 'Bearer realm="webhook-relay"');
      next(error);
    };
    const accept = (principal: Principal) => {
      res.locals.principal = principal;
      res.locals.principals = principals;
      if (principal.apiKeyId) void keyUse.record(principal.tenantId, principal.apiKeyId);
      next();
    };
    if (req.headers.authorization !== undefined || !sessions || !req.headers.cookie) {
      authenticateApiKey(pool, req.headers.authorization).then(accept, fail);
      return;
    }
    sessions(req, res, (error?: unknown) => {
      if (error) return next(error);
      sessionPrincipal(pool, tenants, req).then(accept, fail);
    });
  };
}

/**
 * The session's principal, checked again on every request: a session opened with a key ends when the key is
 * revoked, one opened through an identity provider when its user is gone (an operator deleted the tenant).
 */
async function sessionPrincipal(pool: ConnectionPool, tenants: TenantDatabase, req: Request): Promise<Principal> {
  const data = req.session?.principal;
  if (!data) return authenticateApiKey(pool, undefined);
  if (!SAFE_METHODS.has(req.method) && !sameToken(req.get(CSRF_HEADER), req.session.csrf))
    throw new RelayError('forbidden', `the dashboard session's CSRF token is missing or wrong (${CSRF_HEADER}): reload the page`);
  const end = async (why: string) => {
    await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    return new RelayError('unauthorized', `${why}: sign in again`);
  };
  if (!data.apiKeyHash) {
    const userId = data.userId;
    const present = userId ? await tenants.run(data.tenantId, (tx) => tx.user.count({ where: { id: userId } })) : 0;
    if (present === 0) throw await end('the account this session signed in to no longer exists');
    return { tenantId: data.tenantId, actor: data.actor, sessionId: req.sessionID, ...(userId ? { userId } : {}) };
  }
  const row = (await relayFindApiKey(pool, Buffer.from(data.apiKeyHash, 'base64')))[0];
  if (!row || row.tenant_id !== data.tenantId) throw await end('the API key this session signed in with has been revoked');
  return { tenantId: row.tenant_id, apiKeyId: row.api_key_id, actor: data.actor, sessionId: req.sessionID };
}

export function sameToken(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function principalOf(res: Response): Principal {
  return res.locals.principal as Principal;
}

/** For a long request: calls `end` once the request's principal ends (PrincipalWatch); returns how to stop watching. */
export function watchPrincipal(res: Response, end: () => void): () => void {
  const principals = res.locals.principals as PrincipalWatch | undefined;
  return principals ? principals.watch(principalOf(res), end) : () => undefined;
}
