import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSignInCli, type CliHarness } from '../helpers/cli-runner.js';
import { OidcIssuer } from '../helpers/oidc-issuer.js';
import type { TestContext } from '../helpers/test-app.js';

const CLIENT = { id: 'relay-cli-test', secret: 'test-client-secret' };
const STARTS_PER_MINUTE = 3;

describe('GET /auth/cli/start: sign-ins started per client address are limited', () => {
  let context: TestContext;
  let issuer: OidcIssuer;
  let cli: CliHarness;

  beforeAll(async () => {
    issuer = await OidcIssuer.start({ clientId: CLIENT.id, clientSecret: CLIENT.secret, now: () => context.runtime.now() });
    ({ context, cli } = await startSignInCli(
      JSON.stringify([{ id: 'local', issuer: issuer.url, client_id: CLIENT.id, client_secret: CLIENT.secret }]),
      {
        startsPerMinute: STARTS_PER_MINUTE,
      },
    ));
  });
  afterAll(async () => {
    await cli.close();
    await issuer.close();
    await context.close();
  });

  const start = (state: string) =>
    fetch(`${cli.apiUrl}/auth/cli/start?redirect_uri=${encodeURIComponent('http://127.0.0.1:5000/cb')}&state=${state}`, {
      redirect: 'manual',
    });
  const pending = async () => Number((await context.ownerPool.query('SELECT count(*) AS n FROM sign_in_requests')).rows[0].n);

  it('answers 429 rate_limited with Retry-After past the limit, stores nothing for it, and lets the address in again a minute later', async () => {
    for (let i = 0; i < STARTS_PER_MINUTE; i += 1) expect((await start(`${i}`.repeat(32))).status).toBe(302);
    expect(await pending()).toBe(STARTS_PER_MINUTE);

    context.runtime.advance(20_000);
    const refused = await start('x'.repeat(32));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(await refused.json()).toEqual({
      error: { code: 'rate_limited', message: expect.stringContaining('too many sign-ins started from this address') },
    });
    expect(await pending()).toBe(STARTS_PER_MINUTE);

    context.runtime.advance(40_000);
    expect((await start('y'.repeat(32))).status).toBe(302);
  });
});
