// A deactivation or a new limit made on one replica applies on every other replica from its next
// request on, although each keeps authenticated keys cached: PostgreSQL notifies them (LISTEN/NOTIFY).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPgPool } from '@workspace/service-kit';
import request from 'supertest';
import { KeyAuthenticator } from '../../src/domain/keys/authenticate-key.js';
import { openKeyChangeChannel, type KeyChangeChannel } from '../../src/domain/keys/key-change-channel.js';
import { TranslatorError } from '../../src/domain/translator-error.js';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

const engine = enEsEngine(async (segments) => segments.map((text) => ({ text, detectedSource: 'EN' })));

let ctx: TestContext;
let otherPool: ReturnType<typeof createPgPool>;
let otherReplica: KeyAuthenticator;
let channel: KeyChangeChannel;
beforeAll(async () => {
  ctx = await createTestContext({ engine });
  otherPool = createPgPool(ctx.databaseUrl, 2);
  // A cache far longer than the test: only the notification can make this replica forget a key.
  otherReplica = new KeyAuthenticator(otherPool, 600_000);
  channel = openKeyChangeChannel({ databaseUrl: ctx.databaseUrl, pool: otherPool, onChange: (id) => otherReplica.forget(id) });
  channel.start();
  await channel.listening();
});
afterAll(async () => {
  await channel.close();
  await otherPool.end();
  await ctx.close();
});

async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

const newKey = async () =>
  (await request(ctx.app).post('/v2/admin/developer-keys').set(auth(ctx.adminKey)).send({}).expect(200)).body as {
    key: string;
    key_id: string;
  };

describe('key changes reach other replicas', () => {
  it('a key deactivated on one replica is refused by another that had it cached', async () => {
    const { key, key_id } = await newKey();
    await otherReplica.authenticate(`DeepL-Auth-Key ${key}`);
    await request(ctx.app).put('/v2/admin/developer-keys/deactivate').set(auth(ctx.adminKey)).send({ key_id }).expect(200);
    const refused = await eventually(() =>
      otherReplica.authenticate(`DeepL-Auth-Key ${key}`).then(
        () => false,
        (error: unknown) => error instanceof TranslatorError && error.code === 'FORBIDDEN',
      ),
    );
    expect(refused).toBe(true);
  });

  it('a new character limit set on one replica is what another meters against', async () => {
    const { key, key_id } = await newKey();
    expect((await otherReplica.authenticate(`DeepL-Auth-Key ${key}`)).characterLimit).toBeNull();
    await request(ctx.app).put('/v2/admin/developer-keys/limits').set(auth(ctx.adminKey)).send({ key_id, characters: 1000 }).expect(200);
    expect(await eventually(async () => (await otherReplica.authenticate(`DeepL-Auth-Key ${key}`)).characterLimit === 1000n)).toBe(true);
  });
});
