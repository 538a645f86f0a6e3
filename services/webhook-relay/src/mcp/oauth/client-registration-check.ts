import express, { type RequestHandler, type Response } from 'express';
import { CustomOAuthError, InvalidClientMetadataError, type OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { displayNameProblem, storableTextProblem } from '@workspace/contracts';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
// Schemes a browser resolves itself or that reach a network service other than the web: never a client's callback.
const REFUSED_SCHEMES = new Set(['http:', 'javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'ftp:', 'ws:', 'wss:']);

/**
 * Checks a registration (RFC 7591) before the SDK's handler stores it, answering 400 with an RFC 7591 error body:
 * - every text member must be storable (PostgreSQL's jsonb refuses NUL and lone surrogates: it used to be a 500);
 * - `client_name`, shown on the consent page, must be a name a person can read;
 * - each redirect URI must be https, http on a loopback host (RFC 8252 §7.3, any port), or a native app's
 *   private-use scheme (RFC 8252 §7.1), without a fragment (RFC 6749 §3.1.2). Plain http elsewhere would carry
 *   the code in clear.
 */
export function checkClientRegistration(): RequestHandler {
  const json = express.json({ limit: '64kb' });
  return (req, res, next) =>
    json(req, res, (error?: unknown) => {
      if (error) return next(error);
      const problem = problemOf(req.body);
      if (problem) return refuse(res, problem);
      next();
    });
}

function problemOf(body: unknown): OAuthError | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const unstorable = firstUnstorableText(body, '');
  if (unstorable) return new InvalidClientMetadataError(unstorable);
  const metadata = body as Record<string, unknown>;
  if (typeof metadata.client_name === 'string') {
    const problem = displayNameProblem(metadata.client_name);
    if (problem) return new InvalidClientMetadataError(`client_name ${problem}`);
  }
  if (Array.isArray(metadata.redirect_uris)) {
    for (const [index, uri] of metadata.redirect_uris.entries()) {
      const problem = typeof uri === 'string' ? redirectUriProblem(uri) : undefined;
      if (problem) return new CustomOAuthError('invalid_redirect_uri', `redirect_uris[${index}] ${problem}`);
    }
  }
  return undefined;
}

function redirectUriProblem(uri: string): string | undefined {
  if (!URL.canParse(uri)) return 'must be an absolute URL';
  const url = new URL(uri);
  if (url.hash || uri.includes('#')) return 'must not have a fragment';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  if (!REFUSED_SCHEMES.has(url.protocol)) return undefined;
  return 'must be https, http on a loopback host (127.0.0.1, localhost, [::1]), or a native app’s own scheme';
}

/** The path and problem of the first string (member name or value, at any depth) PostgreSQL could not store. */
function firstUnstorableText(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') {
    const problem = storableTextProblem(value);
    return problem ? `${path || 'body'} ${problem}` : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, member] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    const problem = storableTextProblem(key) ? `${at} (a member name) ${storableTextProblem(key)}` : firstUnstorableText(member, at);
    if (problem) return problem;
  }
  return undefined;
}

function refuse(res: Response, error: OAuthError): void {
  // The SDK's handler would allow any origin to read its answers (browser-based agents register too); so do these.
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.status(400).setHeader('Cache-Control', 'no-store').json(error.toResponseObject());
}
