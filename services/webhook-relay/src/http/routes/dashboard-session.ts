import { createHash, timingSafeEqual } from 'node:crypto';
import { DashboardSignIn, type DashboardSession } from '@workspace/contracts';
import type { Express, Request, RequestHandler, Response } from 'express';
import { authenticateApiKey } from '../../domain/api-keys/authenticate-api-key.js';
import { hashApiKey } from '../../domain/api-keys/api-key-secret.js';
import { appendAuditEntry, type AuditAction } from '../../domain/audit/append-audit-entry.js';
import { RelayError } from '../../domain/relay-error.js';
import type { Deps } from '../../deps.js';
import { DASHBOARD_COOKIE, newCsrfToken, type SessionPrincipal } from '../../dashboard/dashboard-sessions.js';
import { CSRF_HEADER, sameToken } from '../authenticate.js';
import { parseInput } from '../parse.js';
import { signInStartLimit } from '../sign-in-start-limit.js';

/** Binds a browser sign-in through an identity provider to the browser that started it. */
export const SIGN_IN_BINDING_COOKIE = 'relay_sign_in';
const BINDING_MAX_AGE_MS = 10 * 60 * 1000;

export const dashboardHome = (publicUrl: string) => `${publicUrl}/dashboard/`;
export const bindingHash = (nonce: string) => createHash('sha256').update(nonce).digest('base64url');

/**
 * The dashboard's session, outside /v1:
 * GET    /auth/session  who the cookie signs in as, its CSRF token, and the identity providers to offer;
 * POST   /auth/session  sign in with an API key (self-hosted installations without an identity provider);
 * DELETE /auth/session  sign out.
 * Browser sign-in through an identity provider starts at /auth/dashboard/start (sign-in.ts) and ends
 * in /auth/callback, which opens the session with `openDashboardSession`.
 */
export function registerDashboardSessionRoutes(app: Express, deps: Deps, sessions: RequestHandler, json: RequestHandler): void {
  const providers = (deps.signIn?.providers ?? []).map((provider) => ({ id: provider.id, name: provider.name ?? provider.id }));
  const attempts = signInStartLimit({
    limit: deps.signIn?.startsPerMinute ?? 20,
    windowMs: 60_000,
    now: () => deps.runtime.now().getTime(),
  });
  const sameOrigin = sameOriginOnly(() => deps.signIn?.publicUrl);

  app.get('/auth/session', sessions, (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(describe(req, providers));
  });

  app.post('/auth/session', sameOrigin, attempts, sessions, json, async (req, res) => {
    const { api_key: apiKey } = parseInput(DashboardSignIn, req.body ?? {});
    const principal = await authenticateApiKey(deps.pool, `Bearer ${apiKey}`);
    const signedIn: SessionPrincipal = {
      tenantId: principal.tenantId,
      actor: principal.actor,
      apiKeyHash: hashApiKey(apiKey).toString('base64'),
    };
    await openDashboardSession(deps, req, signedIn, { method: 'api_key' });
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json(describe(req, providers));
  });

  app.delete('/auth/session', sameOrigin, sessions, async (req, res) => {
    const principal = req.session.principal;
    if (principal) {
      if (!sameToken(req.get(CSRF_HEADER), req.session.csrf))
        throw new RelayError('forbidden', `the session's CSRF token is missing or wrong (${CSRF_HEADER}): reload the page`);
      await auditSession(deps, principal, 'dashboard.signed_out', {});
      await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
    }
    res.clearCookie(DASHBOARD_COOKIE, { path: '/' });
    res.status(204).end();
  });
}

/** A new session id for a new sign-in (no fixation), its principal and CSRF token stored, and the sign-in audited. */
export async function openDashboardSession(
  deps: Deps,
  req: Request,
  principal: SessionPrincipal,
  details: Record<string, unknown>,
): Promise<void> {
  await new Promise<void>((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
  req.session.principal = principal;
  req.session.csrf = newCsrfToken();
  await new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
  await auditSession(deps, principal, 'dashboard.signed_in', details);
}

function auditSession(deps: Deps, principal: SessionPrincipal, action: AuditAction, details: Record<string, unknown>): Promise<void> {
  return deps.tenants.run(principal.tenantId, (tx) =>
    appendAuditEntry({
      tx,
      tenantId: principal.tenantId,
      runtime: deps.runtime,
      actor: principal.actor,
      action,
      target: { type: 'session', id: null },
      details,
    }),
  );
}

/** The nonce cookie set when a dashboard sign-in starts, compared with the hash stored with the sign-in. */
export function bindingMatches(req: Request, expectedHash: string): boolean {
  const nonce = cookieValue(req, SIGN_IN_BINDING_COOKIE);
  if (!nonce) return false;
  const given = Buffer.from(bindingHash(nonce));
  const expected = Buffer.from(expectedHash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function setBindingCookie(res: Response, nonce: string): void {
  res.cookie(SIGN_IN_BINDING_COOKIE, nonce, {
    httpOnly: true,
    sameSite: 'lax',
    secure: res.req.secure,
    path: '/auth/callback',
    maxAge: BINDING_MAX_AGE_MS,
  });
}

export function clearBindingCookie(res: Response): void {
  res.clearCookie(SIGN_IN_BINDING_COOKIE, { path: '/auth/callback' });
}

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

function describe(req: Request, providers: Array<{ id: string; name: string }>): DashboardSession {
  const principal = req.session?.principal;
  if (!principal)
    return { signed_in: false, tenant_id: null, actor: null, csrf_token: null, expires_at: null, sign_in_providers: providers };
  return {
    signed_in: true,
    tenant_id: principal.tenantId,
    actor: principal.actor,
    csrf_token: req.session.csrf ?? null,
    expires_at: req.session.cookie.expires ? new Date(req.session.cookie.expires).toISOString() : null,
    sign_in_providers: providers,
  };
}

/**
 * Signing in or out from another site's page is refused: a browser sends Origin on every POST and
 * DELETE, and it must be this server's (RELAY_PUBLIC_URL's, or the Host the request came to).
 */
function sameOriginOnly(publicUrl: () => string | undefined): RequestHandler {
  return (req, _res, next) => {
    const origin = req.get('origin');
    if (origin === undefined) return next();
    const own = `${req.protocol}://${req.get('host')}`;
    if (origin === own || origin === originOf(publicUrl())) return next();
    next(new RelayError('forbidden', `requests from ${origin} may not sign in or out here: open the dashboard on this server`));
  };
}

function originOf(url: string | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  return new URL(url).origin;
}
