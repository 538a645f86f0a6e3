import { codeChallenge, IdentityProviderError, readJson, type IdentityClient } from './identity-client.js';
import type { GitHubProviderConfig, VerifiedIdentity } from './identity-providers.js';

/**
 * GitHub OAuth apps: OAuth 2.0 without OpenID Connect, so there is no ID token to verify. The access
 * token (exchanged server to server with the client secret and the PKCE verifier) reads the user from
 * the REST API; the account is the numeric user id, which never changes (a login can be renamed).
 */
export class GitHubClient implements IdentityClient {
  constructor(
    private readonly config: GitHubProviderConfig,
    private readonly fetchImpl: typeof fetch,
  ) {}

  async authorizationUrl(request: { state: string; codeVerifier: string; redirectUri: string }): Promise<string> {
    const url = new URL(`${this.config.base_url}/login/oauth/authorize`);
    const params = {
      client_id: this.config.client_id,
      redirect_uri: request.redirectUri,
      scope: this.config.scopes,
      state: request.state,
      code_challenge: codeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
      allow_signup: 'true',
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }

  async finish(request: { code: string; codeVerifier: string; redirectUri: string }): Promise<VerifiedIdentity> {
    const body = new URLSearchParams({
      client_id: this.config.client_id,
      client_secret: this.config.client_secret,
      code: request.code,
      redirect_uri: request.redirectUri,
      code_verifier: request.codeVerifier,
    });
    const tokens = await readJson(
      await this.fetchImpl(`${this.config.base_url}/login/oauth/access_token`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }),
      'GitHub',
    );
    if (typeof tokens.access_token !== 'string')
      throw new IdentityProviderError(`GitHub refused the code: ${typeof tokens.error === 'string' ? tokens.error : 'no access token'}`);
    const user = await readJson(
      await this.fetchImpl(`${this.config.api_url}/user`, {
        headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/vnd.github+json', 'user-agent': 'webhook-relay' },
      }),
      'the GitHub API',
    );
    if (typeof user.id !== 'number') throw new IdentityProviderError('the GitHub API returned no user id');
    return {
      issuer: this.config.base_url,
      subject: String(user.id),
      email: typeof user.email === 'string' ? user.email : null,
      name: typeof user.name === 'string' ? user.name : typeof user.login === 'string' ? user.login : null,
    };
  }
}
