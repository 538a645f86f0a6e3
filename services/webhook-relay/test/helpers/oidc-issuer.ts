import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

export interface IssuedUser {
  sub: string;
  email?: string;
  name?: string;
}

export interface OidcIssuerOptions {
  clientId: string;
  clientSecret: string;
  /** The issuer's clock (the test runtime's, so tokens are fresh for the relay). */
  now: () => Date;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  nonce: string;
  challenge: string;
  user: IssuedUser;
}

/**
 * A small OpenID Connect issuer for tests: discovery, JWKS, an authorize endpoint that signs the
 * current `user` in at once (no login page), and a token endpoint that checks the client secret and
 * the PKCE verifier and returns an RS256 ID token signed with jose.
 */
export class OidcIssuer {
  user: IssuedUser = { sub: 'user-1', email: 'ada@example.com', name: 'Ada' };
  /** Test switches: a token for another audience, or with another nonce. */
  tamper: { audience?: string; nonce?: string } = {};
  readonly tokenRequests: URLSearchParams[] = [];
  private readonly grants = new Map<string, Grant>();

  private constructor(
    readonly url: string,
    private readonly server: Server,
    private readonly keys: { privateKey: SigningKey; kid: string; jwk: Record<string, unknown> },
    private readonly options: OidcIssuerOptions,
  ) {}

  static async start(options: OidcIssuerOptions): Promise<OidcIssuer> {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const kid = randomBytes(8).toString('hex');
    const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    let issuer: OidcIssuer | undefined;
    const server = createServer(
      (req, res) => void issuer!.handle(req, res).catch((error: Error) => send(res, 500, { error: error.message })),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    issuer = new OidcIssuer(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, { privateKey, kid, jwk }, options);
    return issuer;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname === '/.well-known/openid-configuration') {
      return send(res, 200, {
        issuer: this.url,
        authorization_endpoint: `${this.url}/authorize`,
        token_endpoint: `${this.url}/token`,
        jwks_uri: `${this.url}/jwks`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (url.pathname === '/jwks') return send(res, 200, { keys: [this.keys.jwk] });
    if (url.pathname === '/authorize') return this.authorize(url, res);
    if (url.pathname === '/token' && req.method === 'POST') return this.token(req, res);
    send(res, 404, { error: 'not_found' });
  }

  private authorize(url: URL, res: ServerResponse): void {
    const param = (name: string) => url.searchParams.get(name) ?? '';
    if (
      param('client_id') !== this.options.clientId ||
      param('response_type') !== 'code' ||
      param('code_challenge_method') !== 'S256' ||
      !param('code_challenge')
    ) {
      return send(res, 400, { error: 'invalid_request' });
    }
    const code = randomBytes(16).toString('base64url');
    this.grants.set(code, {
      clientId: param('client_id'),
      redirectUri: param('redirect_uri'),
      nonce: param('nonce'),
      challenge: param('code_challenge'),
      user: { ...this.user },
    });
    const back = new URL(param('redirect_uri'));
    back.searchParams.set('code', code);
    back.searchParams.set('state', param('state'));
    res.writeHead(302, { location: back.toString() }).end();
  }

  private async token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    this.tokenRequests.push(form);
    const expectedAuth = `Basic ${Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expectedAuth) return send(res, 401, { error: 'invalid_client' });
    const grant = this.grants.get(form.get('code') ?? '');
    this.grants.delete(form.get('code') ?? '');
    if (!grant || grant.redirectUri !== form.get('redirect_uri')) return send(res, 400, { error: 'invalid_grant' });
    const challenge = createHash('sha256')
      .update(form.get('code_verifier') ?? '')
      .digest('base64url');
    if (challenge !== grant.challenge) return send(res, 400, { error: 'invalid_grant', error_description: 'PKCE verifier does not match' });
    const now = Math.floor(this.options.now().getTime() / 1000);
    const idToken = await new SignJWT({
      nonce: this.tamper.nonce ?? grant.nonce,
      ...(grant.user.email ? { email: grant.user.email, email_verified: true } : {}),
      ...(grant.user.name ? { name: grant.user.name } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid: this.keys.kid })
      .setIssuer(this.url)
      .setSubject(grant.user.sub)
      .setAudience(this.tamper.audience ?? grant.clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(this.keys.privateKey);
    send(res, 200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: idToken });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
