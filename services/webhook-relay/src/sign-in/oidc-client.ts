import { createRemoteJWKSet, customFetch, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { codeChallenge, IdentityProviderError, readJson, type IdentityClient } from './identity-client.js';
import type { OidcProviderConfig, VerifiedIdentity } from './identity-providers.js';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
}

const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * OpenID Connect, authorization code flow with PKCE. Endpoints come from the issuer's discovery
 * document (fetched once); the ID token is verified with jose against the issuer's JWKS: signature,
 * issuer, audience (our client id), expiry (with the injected clock) and the nonce of this sign-in.
 */
export class OidcClient implements IdentityClient {
  private discovery?: Promise<Discovery>;
  private jwks?: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly config: OidcProviderConfig,
    private readonly fetchImpl: typeof fetch,
  ) {}

  async authorizationUrl(request: { state: string; nonce: string; codeVerifier: string; redirectUri: string }): Promise<string> {
    const url = new URL((await this.discover()).authorization_endpoint);
    const params = {
      response_type: 'code',
      client_id: this.config.client_id,
      redirect_uri: request.redirectUri,
      scope: this.config.scopes,
      state: request.state,
      nonce: request.nonce,
      code_challenge: codeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }

  async finish(request: { code: string; codeVerifier: string; nonce: string; redirectUri: string; now: Date }): Promise<VerifiedIdentity> {
    const discovery = await this.discover();
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: request.code,
      redirect_uri: request.redirectUri,
      code_verifier: request.codeVerifier,
    });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    const secret = this.config.client_secret;
    // client_secret_basic is the default (OIDC Core 9) unless the issuer lists only client_secret_post.
    const methods = discovery.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    if (secret && methods.includes('client_secret_basic')) {
      headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(this.config.client_id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    } else {
      body.set('client_id', this.config.client_id);
      if (secret) body.set('client_secret', secret);
    }
    const tokens = await readJson(await this.fetchImpl(discovery.token_endpoint, { method: 'POST', headers, body }), 'the token endpoint');
    if (typeof tokens.id_token !== 'string') throw new IdentityProviderError('the token endpoint returned no id_token');
    const claims = await this.verifyIdToken(tokens.id_token, request.nonce, request.now, discovery);
    return {
      issuer: discovery.issuer,
      subject: claims.sub!,
      email: typeof claims.email === 'string' && claims.email_verified !== false ? claims.email : null,
      name: typeof claims.name === 'string' ? claims.name : null,
    };
  }

  private async verifyIdToken(token: string, nonce: string, now: Date, discovery: Discovery): Promise<JWTPayload> {
    this.jwks ??= createRemoteJWKSet(new URL(discovery.jwks_uri), { [customFetch]: (url, options) => this.fetchImpl(url, options) });
    try {
      const { payload } = await jwtVerify(token, this.jwks, {
        issuer: discovery.issuer,
        audience: this.config.client_id,
        currentDate: now,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (payload.nonce !== nonce) throw new IdentityProviderError('the ID token is not for this sign-in (nonce does not match)');
      return payload;
    } catch (error) {
      if (error instanceof IdentityProviderError) throw error;
      if (error instanceof joseErrors.JOSEError) throw new IdentityProviderError(`the ID token was refused: ${error.message}`);
      throw error;
    }
  }

  private discover(): Promise<Discovery> {
    this.discovery ??= this.fetchDiscovery().catch((error: unknown) => {
      this.discovery = undefined; // try again next time
      throw error;
    });
    return this.discovery;
  }

  private async fetchDiscovery(): Promise<Discovery> {
    const url = this.config.discovery_url ?? `${this.config.issuer}/.well-known/openid-configuration`;
    const document = await readJson(
      await this.fetchImpl(url, { headers: { accept: 'application/json' } }),
      `the discovery document of ${this.config.id}`,
    );
    for (const field of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri']) {
      if (typeof document[field] !== 'string')
        throw new IdentityProviderError(`the discovery document of ${this.config.id} has no ${field}`);
    }
    // OpenID Connect Discovery 4.3: the document must name the issuer it was fetched for.
    if (document.issuer !== this.config.issuer)
      throw new IdentityProviderError(`the discovery document names issuer ${String(document.issuer)}, not ${this.config.issuer}`);
    return document as unknown as Discovery;
  }
}
