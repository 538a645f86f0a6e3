import { createHash } from 'node:crypto';
import type { ConnectionPool } from '../../db/prisma.js';
import type { ConfiguredProvider } from '../../sign-in/identity-clients.js';
import type { Runtime } from '../runtime.js';

/** How long a started sign-in waits for the identity provider's callback. */
export const SIGN_IN_TTL_MS = 10 * 60 * 1000;

export const hashState = (state: string) => createHash('sha256').update(state).digest();

export interface StartSignInOptions {
  pool: ConnectionPool;
  runtime: Runtime;
  provider: ConfiguredProvider;
  cliRedirectUri: URL;
  cliState: string;
  callbackUrl: string;
}

/**
 * Stores a sign-in in progress (state hashed, nonce, PKCE verifier, where the CLI waits) and answers
 * the identity provider's authorization URL to send the browser to.
 */
export async function startSignIn(options: StartSignInOptions): Promise<string> {
  const { pool, runtime, provider } = options;
  const state = runtime.randomBytes(32).toString('base64url');
  const nonce = runtime.randomBytes(32).toString('base64url');
  const codeVerifier = runtime.randomBytes(32).toString('base64url');
  const now = runtime.now();
  const url = await provider.client.authorizationUrl({ state, nonce, codeVerifier, redirectUri: options.callbackUrl });
  await pool.query('DELETE FROM sign_in_requests WHERE expires_at < $1', [now]);
  await pool.query(
    `INSERT INTO sign_in_requests (state_hash, provider_id, nonce, code_verifier, cli_redirect_uri, cli_state, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      hashState(state),
      provider.config.id,
      nonce,
      codeVerifier,
      options.cliRedirectUri.toString(),
      options.cliState,
      now,
      new Date(now.getTime() + SIGN_IN_TTL_MS),
    ],
  );
  return url;
}
