import type { Express, Request, RequestHandler, Response } from 'express';
import { parseCliState, parseLoopbackRedirect } from '../../domain/sign-in/loopback-redirect.js';
import { signInAccount } from '../../domain/sign-in/sign-in-account.js';
import { startSignIn } from '../../domain/sign-in/start-sign-in.js';
import { takeSignInRequest, type SignInRequest } from '../../domain/sign-in/take-sign-in-request.js';
import { RelayError } from '../../domain/relay-error.js';
import type { Deps } from '../../deps.js';
import { buildIdentityClients } from '../../sign-in/identity-clients.js';
import { IdentityProviderError } from '../../sign-in/identity-client.js';
import { callbackUrl, type VerifiedIdentity } from '../../sign-in/identity-providers.js';
import { CONSENT_PATH } from '../../mcp/oauth/relay-oauth-provider.js';
import { signInStartLimit } from '../sign-in-start-limit.js';
import {
  bindingHash,
  bindingMatches,
  clearBindingCookie,
  dashboardHome,
  openDashboardSession,
  setBindingCookie,
} from './dashboard-session.js';

const query = (req: Request, name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined);
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function redirect(res: Response, location: string): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.redirect(302, location);
}

/**
 * Browser sign-in for `webhook-relay login`, outside /v1 (no API key yet):
 * GET /auth/cli/start  the CLI opens this with its loopback redirect_uri and state; we send the browser on
 *                      to the identity provider (or show a chooser when several are configured);
 * GET /auth/dashboard/start  the same for the web dashboard: the browser that starts it gets a nonce cookie,
 *                      and the sign-in stores its hash, so a callback only opens a session in that browser;
 * GET /auth/callback   the provider sends the browser back with a code; we verify who it is, create the
 *                      account on a first sign-in, and send the browser to the CLI's loopback URL with a
 *                      new API key and the CLI's state, or open a dashboard session (no key is made).
 */
export function registerSignInRoutes(app: Express, deps: Deps, sessions?: RequestHandler): void {
  const settings = deps.signIn;
  const providers = settings ? buildIdentityClients(settings) : new Map();
  const notConfigured = () =>
    new RelayError(
      'not_found',
      'browser sign-in is not configured on this server; sign in with `webhook-relay login --with-token` and an API key',
    );

  const startLimit = signInStartLimit({
    limit: settings?.startsPerMinute ?? 20,
    windowMs: 60_000,
    now: () => deps.runtime.now().getTime(),
  });
  app.get('/auth/cli/start', startLimit, async (req, res) => {
    if (!settings || providers.size === 0) throw notConfigured();
    const cliRedirectUri = parseLoopbackRedirect(query(req, 'redirect_uri'));
    const cliState = parseCliState(query(req, 'state'));
    const providerId = query(req, 'provider') ?? (providers.size === 1 ? [...providers.keys()][0] : undefined);
    if (providerId === undefined)
      return void chooser(
        req,
        res,
        [...providers.values()].map(({ config }) => ({ id: config.id, name: config.name ?? config.id })),
      );
    const provider = providers.get(providerId);
    if (!provider) throw new RelayError('invalid_request', `provider must be one of ${[...providers.keys()].join(', ')}`);
    const location = await startSignIn({
      pool: deps.pool,
      runtime: deps.runtime,
      provider,
      cliRedirectUri,
      cliState,
      callbackUrl: callbackUrl(settings),
    });
    redirect(res, location);
  });

  app.get('/auth/dashboard/start', startLimit, async (req, res) => {
    if (!settings || providers.size === 0 || !sessions) throw notConfigured();
    const providerId = query(req, 'provider') ?? (providers.size === 1 ? [...providers.keys()][0] : undefined);
    const provider = providerId === undefined ? undefined : providers.get(providerId);
    if (!provider) throw new RelayError('invalid_request', `provider must be one of ${[...providers.keys()].join(', ')}`);
    const nonce = deps.runtime.randomBytes(32).toString('base64url');
    const location = await startSignIn({
      pool: deps.pool,
      runtime: deps.runtime,
      provider,
      cliRedirectUri: new URL(returnTarget(settings.publicUrl, query(req, 'return_to'))),
      cliState: bindingHash(nonce),
      callbackUrl: callbackUrl(settings),
    });
    setBindingCookie(res, nonce);
    redirect(res, location);
  });

  app.get('/auth/callback', async (req, res) => {
    if (!settings || providers.size === 0) throw notConfigured();
    const request = await takeSignInRequest({ pool: deps.pool, runtime: deps.runtime, state: query(req, 'state') });
    const completion =
      sessions && isBrowserReturn(settings.publicUrl, request.cliRedirectUri)
        ? dashboardCompletion(deps, req, res, sessions, request.cliState, request.cliRedirectUri)
        : cliCompletion(deps, res, request);
    const refusal = completion.refusal();
    if (refusal) return completion.fail('access_denied', refusal);
    const provider = providers.get(request.providerId);
    const code = query(req, 'code');
    if (query(req, 'error') || !code || !provider)
      return completion.fail(
        'access_denied',
        `the identity provider did not sign you in${query(req, 'error') ? ` (${query(req, 'error')})` : ''}`,
      );
    try {
      const identity = await provider.client.finish({
        code,
        codeVerifier: request.codeVerifier,
        nonce: request.nonce,
        redirectUri: callbackUrl(settings),
        now: deps.runtime.now(),
      });
      await completion.succeed(identity, provider.config.id);
    } catch (error) {
      if (!(error instanceof IdentityProviderError)) throw error;
      deps.logger.warn({ provider: provider.config.id, reason: error.message }, 'browser sign-in refused');
      completion.fail('sign_in_failed', error.message);
    }
  });
}

/** The CLI's end of a sign-in: a new API key, sent to its loopback URL with its state. */
function cliCompletion(deps: Deps, res: Response, request: SignInRequest): SignInCompletion {
  const back = new URL(request.cliRedirectUri);
  back.searchParams.set('state', request.cliState);
  return {
    refusal: () => null,
    fail(error, description) {
      back.searchParams.set('error', error);
      back.searchParams.set('error_description', description);
      redirect(res, back.toString());
    },
    async succeed(identity, providerId) {
      const account = await signInAccount({
        pool: deps.pool,
        tenants: deps.tenants,
        runtime: deps.runtime,
        identity,
        keyName: `CLI sign-in (${providerId})`,
      });
      deps.logger.info(
        { tenantId: account.tenantId, userId: account.userId, provider: providerId, created: account.created },
        'signed in from the command line',
      );
      back.searchParams.set('key', account.apiKey ?? '');
      redirect(res, back.toString());
    },
  };
}

/** The dashboard's end of a sign-in: a session for the user, in the browser that started it (no key is made). */
function dashboardCompletion(
  deps: Deps,
  req: Request,
  res: Response,
  sessions: RequestHandler,
  binding: string,
  returnTo: string,
): SignInCompletion {
  const home = dashboardHome(deps.signIn!.publicUrl);
  return {
    refusal: () => (bindingMatches(req, binding) ? null : 'this sign-in was started in another browser: start it again here'),
    fail(_error, description) {
      clearBindingCookie(res);
      redirect(res, `${home}#/sign-in?error=${encodeURIComponent(description)}`);
    },
    async succeed(identity, providerId) {
      const account = await signInAccount({ pool: deps.pool, tenants: deps.tenants, runtime: deps.runtime, identity });
      await new Promise<void>((resolve, reject) => sessions(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
      const principal = { tenantId: account.tenantId, actor: `user:${account.userId}`, userId: account.userId };
      await openDashboardSession(deps, req, principal, { method: 'identity_provider', provider: providerId });
      deps.logger.info({ tenantId: account.tenantId, userId: account.userId, provider: providerId }, 'signed in to the dashboard');
      clearBindingCookie(res);
      redirect(res, returnTo);
    },
  };
}

/**
 * Where a browser sign-in returns: the dashboard, or the MCP consent page it was started from (`return_to`, a
 * path on this server; anything else is ignored).
 */
function returnTarget(publicUrl: string, returnTo: string | undefined): string {
  if (returnTo?.startsWith(`${CONSENT_PATH}?request=`) && !/[\s\\]/.test(returnTo)) return `${publicUrl}${returnTo}`;
  return dashboardHome(publicUrl);
}

const isBrowserReturn = (publicUrl: string, uri: string) =>
  uri === dashboardHome(publicUrl) || uri.startsWith(`${publicUrl}${CONSENT_PATH}?request=`);

interface SignInCompletion {
  /** Why this callback may not finish the sign-in at all (before the code is redeemed), or null. */
  refusal(): string | null;
  fail(error: string, description: string): void;
  succeed(identity: VerifiedIdentity, providerId: string): Promise<void>;
}

function chooser(req: Request, res: Response, providers: Array<{ id: string; name: string }>): void {
  const links = providers.map(({ id, name }) => {
    const url = new URL(req.originalUrl, 'http://relay.invalid');
    url.searchParams.set('provider', id);
    return `<li><a href="${escapeHtml(url.pathname + url.search)}">Sign in with ${escapeHtml(name)}</a></li>`;
  });
  res.setHeader('Cache-Control', 'no-store');
  res
    .type('html')
    .send(
      `<!doctype html><meta charset="utf-8"><title>Sign in to webhook-relay</title><body style="font-family:sans-serif;margin:3em"><h1>Sign in to webhook-relay</h1><ul>${links.join('')}</ul></body>`,
    );
}
