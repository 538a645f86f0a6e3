import type { ConnectionPool } from '../../db/prisma.js';
import { RelayError } from '../relay-error.js';
import type { Runtime } from '../runtime.js';
import { hashState } from './start-sign-in.js';

export interface SignInRequest {
  providerId: string;
  nonce: string;
  codeVerifier: string;
  cliRedirectUri: string;
  cliState: string;
}

/** The sign-in a callback's `state` belongs to, removed as it is read: a state works once, until it expires. */
export async function takeSignInRequest(options: {
  pool: ConnectionPool;
  runtime: Runtime;
  state: string | undefined;
}): Promise<SignInRequest> {
  if (!options.state) throw new RelayError('invalid_request', 'state is missing: start again with `webhook-relay login`');
  const { rows } = await options.pool.query<{
    provider_id: string;
    nonce: string;
    code_verifier: string;
    cli_redirect_uri: string;
    cli_state: string;
  }>(
    'DELETE FROM sign_in_requests WHERE state_hash = $1 AND expires_at > $2 RETURNING provider_id, nonce, code_verifier, cli_redirect_uri, cli_state',
    [hashState(options.state), options.runtime.now()],
  );
  const row = rows[0];
  if (!row) throw new RelayError('invalid_request', 'this sign-in has expired or was already used: start again with `webhook-relay login`');
  return {
    providerId: row.provider_id,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    cliRedirectUri: row.cli_redirect_uri,
    cliState: row.cli_state,
  };
}
