import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { authenticateApiKey, type Principal } from '../../domain/api-keys/authenticate-api-key.js';
import { hashApiKey } from '../../domain/api-keys/api-key-secret.js';
import { appendAuditEntry } from '../../domain/audit/append-audit-entry.js';
import { RelayError } from '../../domain/relay-error.js';
import type { Deps } from '../../deps.js';
import type { PgClientsStore } from '../../mcp/oauth/client-store.js';
import { createGrantWithCode } from '../../mcp/oauth/grants.js';
import { hashOAuthSecret } from '../../mcp/oauth/oauth-secrets.js';
import { issuerId, type OAuthSettings } from '../../mcp/oauth/oauth-settings.js';
import { CONSENT_PATH } from '../../mcp/oauth/relay-oauth-provider.js';
import { sameToken } from '../authenticate.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

interface PendingRequest {
  clientId: string;
  clientName: string;
  redirectUri: string;
  codeChallenge: string;
  state: string | null;
  scopes: string[];
  resource: string;
}

/**
 * The page where a person lets an agent (an OAuth client) act for their tenant on the MCP server. It opens
 * after /oauth/authorize. Signed in to the dashboard (the same browser sign-in the CLI and the dashboard use),
 * the person allows or denies; otherwise they sign in through an identity provider (which returns here) or,
 * where none is configured, with an API key on this page.
 */
export function registerOAuthConsentRoutes(
  app: Express,
  deps: Deps,
  settings: OAuthSettings,
  clients: PgClientsStore,
  sessions: RequestHandler | undefined,
): void {
  const withSession: RequestHandler = (req, res, next) => (sessions ? sessions(req, res, next) : next());
  const form = express.urlencoded({ extended: false, limit: '16kb' });
  const providers = (deps.signIn?.providers ?? []).map((provider) => ({ id: provider.id, name: provider.name ?? provider.id }));

  app.get(CONSENT_PATH, withSession, async (req, res) => {
    const requestId = typeof req.query.request === 'string' ? req.query.request : '';
    const pending = await findRequest(deps, clients, requestId);
    render(res, pending, { requestId, signedIn: req.session?.principal, csrf: req.session?.csrf, providers, error: undefined });
  });

  app.post(CONSENT_PATH, sameOrigin(settings), withSession, form, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const requestId = typeof body.request === 'string' ? body.request : '';
    const pending = await findRequest(deps, clients, requestId);
    const apiKey = typeof body.api_key === 'string' && body.api_key ? body.api_key : undefined;
    const decision = body.decision === 'allow' ? 'allow' : body.decision === 'deny' ? 'deny' : undefined;
    if (!decision) throw new RelayError('invalid_request', 'decision must be allow or deny');

    let principal: (Principal & { userId?: string; apiKeySha256?: Buffer }) | undefined;
    if (apiKey) {
      try {
        principal = { ...(await authenticateApiKey(deps.pool, `Bearer ${apiKey}`)), apiKeySha256: hashApiKey(apiKey) };
      } catch {
        return render(res.status(401), pending, {
          requestId,
          signedIn: undefined,
          csrf: undefined,
          providers,
          error: 'That API key does not open a tenant here (revoked or mistyped).',
        });
      }
    } else {
      const session = req.session?.principal;
      if (!session) throw new RelayError('unauthorized', 'sign in first: this page needs a dashboard session or an API key');
      if (!sameToken(typeof body.csrf === 'string' ? body.csrf : undefined, req.session.csrf))
        throw new RelayError('forbidden', 'the form is stale (its CSRF token does not match your session): reload the page');
      principal = {
        tenantId: session.tenantId,
        actor: session.actor,
        ...(session.userId ? { userId: session.userId } : {}),
        ...(session.apiKeyHash ? { apiKeySha256: Buffer.from(session.apiKeyHash, 'base64') } : {}),
      };
    }

    // One decision per request: taken as it is answered.
    const taken = await deps.pool.query('DELETE FROM oauth_authorization_requests WHERE id_sha256 = $1 AND expires_at > $2', [
      hashOAuthSecret(requestId),
      deps.runtime.now(),
    ]);
    if (taken.rowCount !== 1)
      throw new RelayError('not_found', 'this authorization request has expired or was answered already: start again from the agent');
    const back = new URL(pending.redirectUri);
    if (pending.state !== null) back.searchParams.set('state', pending.state);
    back.searchParams.set('iss', issuerId(settings));
    if (decision === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'the person denied the request');
      return redirect(res, back);
    }
    const { grantId, code } = await createGrantWithCode({
      pool: deps.pool,
      runtime: deps.runtime,
      tenantId: principal.tenantId,
      clientId: pending.clientId,
      actor: principal.actor,
      userId: principal.userId ?? null,
      apiKeySha256: principal.apiKeySha256 ?? null,
      scopes: pending.scopes,
      resource: pending.resource,
      codeChallenge: pending.codeChallenge,
      redirectUri: pending.redirectUri,
    });
    await deps.tenants.run(principal.tenantId, (tx) =>
      appendAuditEntry({
        tx,
        tenantId: principal.tenantId,
        runtime: deps.runtime,
        actor: principal.actor,
        action: 'mcp.authorized',
        target: { type: 'oauth_grant', id: grantId },
        details: { client_id: pending.clientId, client_name: pending.clientName, redirect_uri: pending.redirectUri },
      }),
    );
    back.searchParams.set('code', code);
    redirect(res, back);
  });
}

async function findRequest(deps: Deps, clients: PgClientsStore, requestId: string): Promise<PendingRequest> {
  const { rows } = requestId
    ? await deps.pool.query<{
        client_id: string;
        redirect_uri: string;
        code_challenge: string;
        state: string | null;
        scopes: string[];
        resource: string;
      }>(
        `SELECT client_id, redirect_uri, code_challenge, state, scopes, resource FROM oauth_authorization_requests
          WHERE id_sha256 = $1 AND expires_at > $2`,
        [hashOAuthSecret(requestId), deps.runtime.now()],
      )
    : { rows: [] };
  const row = rows[0];
  if (!row) throw new RelayError('not_found', 'this authorization request has expired or was answered already: start again from the agent');
  const client = await clients.getClient(row.client_id);
  return {
    clientId: row.client_id,
    clientName: client?.client_name ?? row.client_id,
    redirectUri: row.redirect_uri,
    codeChallenge: row.code_challenge,
    state: row.state,
    scopes: row.scopes,
    resource: row.resource,
  };
}

function render(
  res: Response,
  pending: PendingRequest,
  page: {
    requestId: string;
    signedIn: { actor: string; tenantId: string } | undefined;
    csrf: string | undefined;
    providers: Array<{ id: string; name: string }>;
    error: string | undefined;
  },
): void {
  const redirectHost = new URL(pending.redirectUri).host;
  const hidden = `<input type="hidden" name="request" value="${escapeHtml(page.requestId)}">`;
  const buttons =
    '<p><button type="submit" name="decision" value="allow">Allow</button> <button type="submit" name="decision" value="deny" class="quiet">Deny</button></p>';
  const returnTo = `${CONSENT_PATH}?request=${encodeURIComponent(page.requestId)}`;
  const signIn = page.signedIn
    ? `<p>Signed in as <strong>${escapeHtml(page.signedIn.actor)}</strong> (tenant <code>${escapeHtml(page.signedIn.tenantId)}</code>).</p>
       <form method="post" action="${CONSENT_PATH}">${hidden}<input type="hidden" name="csrf" value="${escapeHtml(page.csrf ?? '')}">${buttons}</form>`
    : `${page.providers.length ? `<h2>Sign in</h2><ul>${page.providers.map((p) => `<li><a href="/auth/dashboard/start?provider=${encodeURIComponent(p.id)}&amp;return_to=${encodeURIComponent(returnTo)}">Sign in with ${escapeHtml(p.name)}</a></li>`).join('')}</ul><h2>Or use an API key</h2>` : '<h2>Sign in with an API key</h2>'}
       <form method="post" action="${CONSENT_PATH}">${hidden}<p><label for="api_key">API key</label> <input id="api_key" name="api_key" type="password" autocomplete="off" required></p>${buttons}</form>`;
  res.setHeader('Cache-Control', 'no-store');
  // same-origin: the form's POST carries this origin in Origin (no-referrer would make it "null").
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'self'; form-action 'self' ${new URL(pending.redirectUri).origin}; frame-ancestors 'none'; base-uri 'none'`,
  );
  res
    .type('html')
    .send(`<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authorize ${escapeHtml(pending.clientName)} - webhook-relay</title><link rel="stylesheet" href="/dashboard/styles.css">
<main><h1>Allow ${escapeHtml(pending.clientName)} to use webhook-relay?</h1>
${page.error ? `<p role="alert">${escapeHtml(page.error)}</p>` : ''}
<p>It will act for your tenant on the MCP server: read, create and change endpoints; read events and their verification, deliveries and dead letters, usage and the audit log; rotate ingest URLs; replay events to destinations you registered; read, acknowledge and resolve issues; pause and resume destinations; and drain triggers. It cannot register destinations or subscriptions. After you decide, your browser returns to <code>${escapeHtml(redirectHost)}</code>.</p>
${signIn}</main></html>`);
}

function redirect(res: Response, location: URL): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.redirect(302, location.href);
}

/** A consent form posted from another site's page is refused (the browser always sends Origin on POST). */
function sameOrigin(settings: OAuthSettings): RequestHandler {
  return (req: Request, _res, next) => {
    const origin = req.get('origin');
    if (origin === undefined || origin === settings.issuer.origin || origin === `${req.protocol}://${req.get('host')}`) return next();
    next(new RelayError('forbidden', `a consent from ${origin} is not accepted: answer on this server's own page`));
  };
}
