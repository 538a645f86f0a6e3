import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * GitHub's OAuth app endpoints and `GET /user`, as much as sign-in uses: authorize (straight back to the
 * redirect_uri with a code), the code exchange (client secret and PKCE verifier checked) and the user.
 */
export class FakeGitHub {
  readonly tokenRequests: URLSearchParams[] = [];
  private readonly codes = new Map<string, { challenge: string; redirectUri: string }>();
  private readonly tokens = new Set<string>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly client: { id: string; secret: string },
    readonly user: { id: number; login: string; name: string | null; email: string | null },
  ) {}

  static async start(client: { id: string; secret: string }, user: FakeGitHub['user']): Promise<FakeGitHub> {
    let fake: FakeGitHub | undefined;
    const server = createServer((req, res) => fake!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    fake = new FakeGitHub(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, client, user);
    return fake;
  }

  private handle(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri')!;
      const code = randomBytes(12).toString('hex');
      this.codes.set(code, { challenge: url.searchParams.get('code_challenge')!, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state')!);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        this.tokenRequests.push(form);
        const issued = this.codes.get(form.get('code') ?? '');
        this.codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challengeOk = issued && createHash('sha256').update(verifier).digest('base64url') === issued.challenge;
        const ok =
          issued &&
          challengeOk &&
          form.get('client_id') === this.client.id &&
          form.get('client_secret') === this.client.secret &&
          form.get('redirect_uri') === issued.redirectUri;
        // GitHub answers 200 with an `error` member for a bad code.
        const token = ok ? `gho_${randomBytes(16).toString('hex')}` : null;
        if (token) this.tokens.add(token);
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(
            JSON.stringify(token ? { access_token: token, token_type: 'bearer', scope: 'read:user' } : { error: 'bad_verification_code' }),
          );
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/user') {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!this.tokens.has(token))
        return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Bad credentials"}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(this.user));
      return;
    }
    res.writeHead(404).end();
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
