import { hkdfSync, randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import session from 'express-session';

/** The dashboard's session cookie (HttpOnly, SameSite=Lax, Secure when the request came over HTTPS). */
export const DASHBOARD_COOKIE = 'relay_dashboard';

/** Who a dashboard session acts as: the same tenant and audit actor the REST API uses. */
export interface SessionPrincipal {
  tenantId: string;
  actor: string;
  /** Signed in with an API key: its SHA-256 (base64), checked on every request so revoking the key ends the session. */
  apiKeyHash?: string;
  userId?: string;
}

declare module 'express-session' {
  interface SessionData {
    principal: SessionPrincipal;
    /** Sent back as X-CSRF-Token on every request that changes something. */
    csrf: string;
  }
}

export interface DashboardSessionSettings {
  store: session.Store;
  /** Signing secrets of the cookie: the first signs, all verify (rotation). */
  secrets: string[];
  ttlSeconds: number;
}

/**
 * The cookie's signing secret is derived from a master key (HKDF), so no extra secret has to be
 * configured; the previous master keys still open sessions signed before a rotation.
 */
export function sessionSecretsFrom(masterKeys: Buffer[]): string[] {
  return masterKeys.map((key) =>
    Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'webhook-relay dashboard session cookie', 32)).toString('base64url'),
  );
}

export const newCsrfToken = () => randomBytes(32).toString('base64url');

/** express-session over the shared store: nothing is stored until a sign-in succeeds. */
export function dashboardSessionMiddleware(settings: DashboardSessionSettings): RequestHandler {
  const sessions = sessionMiddleware(settings);
  // express-session saves or destroys a changed session as the response ends, and hands a failure of that (Redis not
  // answering after a refused sign-in or sign-out, say) to next() once the answer is written: Express would then
  // destroy the socket of a complete answer, and the client's next request on that kept-alive connection fails.
  return (req, res, next) => sessions(req, res, (error?: unknown) => (error !== undefined && res.headersSent ? undefined : next(error)));
}

function sessionMiddleware(settings: DashboardSessionSettings): RequestHandler {
  return session({
    name: DASHBOARD_COOKIE,
    secret: settings.secrets,
    store: settings.store,
    saveUninitialized: false,
    resave: false,
    rolling: false,
    unset: 'destroy',
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: settings.ttlSeconds * 1000, path: '/' },
  });
}
