import express, { type RequestHandler, type Response } from 'express';
import { redirectUriMatches } from '@modelcontextprotocol/sdk/server/auth/handlers/authorize.js';
import {
  InvalidClientError,
  InvalidRequestError,
  InvalidTargetError,
  type OAuthError,
  UnsupportedResponseTypeError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { storableTextProblem } from '@workspace/contracts';
import type { PgClientsStore } from './client-store.js';
import type { OAuthSettings } from './oauth-settings.js';
import { sameResource } from './same-resource.js';

/** RFC 7636 §4.2: an S256 challenge is the base64url (no padding) of a SHA-256, exactly 43 characters. */
export const S256_CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

const PARAMETERS = ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'scope', 'state', 'resource'];

/**
 * Checks an authorization request completely before the SDK's handler sees it, and answers every problem here, on
 * the relay (400 with an OAuth error body), never with a redirect to the client. Registration is open to anyone, so
 * a registered redirect URI vouches for nothing: RFC 6749 §4.1.2.1 would allow redirecting errors found after the
 * redirect URI is checked, but for such a client that made the relay an open redirector. The browser reaches a
 * client's redirect URI only from the consent page, after a person allowed or denied.
 */
export function checkAuthorizationRequest(clients: PgClientsStore, settings: OAuthSettings): RequestHandler {
  const form = express.urlencoded({ extended: false, limit: '16kb' });
  return (req, res, next) =>
    form(req, res, async (error?: unknown) => {
      if (error) return next(error);
      try {
        const params = (req.method === 'POST' ? req.body : req.query) as Record<string, unknown>;
        const problem = await problemOf(params ?? {}, clients, settings);
        if (problem) return refuse(res, problem);
        next();
      } catch (failure) {
        next(failure);
      }
    });
}

async function problemOf(
  params: Record<string, unknown>,
  clients: PgClientsStore,
  settings: OAuthSettings,
): Promise<OAuthError | undefined> {
  for (const name of PARAMETERS) {
    const value = params[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') return new InvalidRequestError(`${name} must be given once, as text`);
    const storable = storableTextProblem(value);
    if (storable) return new InvalidRequestError(`${name} ${storable}`);
  }
  const { client_id: clientId, redirect_uri: redirectUri } = params as Record<string, string | undefined>;
  if (!clientId) return new InvalidRequestError('client_id is required');
  const client = await clients.getClient(clientId);
  if (!client) return new InvalidClientError('client_id is not a client registered here: register at /oauth/register');
  if (redirectUri !== undefined) {
    if (!client.redirect_uris.some((registered) => redirectUriMatches(redirectUri, registered)))
      return new InvalidRequestError('redirect_uri is not one this client registered');
  } else if (client.redirect_uris.length !== 1) {
    return new InvalidRequestError('redirect_uri is required: this client registered several');
  }
  if (params.response_type !== 'code') return new UnsupportedResponseTypeError('response_type must be code');
  const challenge = params.code_challenge;
  if (typeof challenge !== 'string' || !S256_CODE_CHALLENGE.test(challenge))
    return new InvalidRequestError('code_challenge must be an S256 challenge: 43 base64url characters (RFC 7636)');
  if (params.code_challenge_method !== 'S256') return new InvalidRequestError('code_challenge_method must be S256');
  const resource = params.resource as string | undefined;
  if (resource !== undefined && (!URL.canParse(resource) || !sameResource(resource, settings.resource)))
    return new InvalidTargetError(`resource must be ${settings.resource.href}: this server issues tokens for it only`);
  return undefined;
}

function refuse(res: Response, error: OAuthError): void {
  res.status(400).setHeader('Cache-Control', 'no-store').json(error.toResponseObject());
}
