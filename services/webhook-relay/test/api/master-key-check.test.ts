import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MasterKeyProvider } from '../../src/crypto/master-key-provider.js';
import { assertMasterKeysOpenDataKeys } from '../../src/db/master-key-check.js';
import { checkedApi } from '../helpers/contract.js';
import { createContextWithTenant, TEST_MASTER_KEY, type TestContext, type TestTenant } from '../helpers/test-app.js';

const OTHER_KEY = Buffer.alloc(32, 9);

describe('the master-key check at start', () => {
  let context: TestContext;
  let tenant: TestTenant;

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    // Sealing the endpoint's ingest token gives the tenant a data key wrapped by TEST_MASTER_KEY.
    await checkedApi(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'sealed' }).expect(201);
  });
  afterAll(() => context.close());

  it('passes when the configured keys include the one that wrapped the data keys, current or previous', async () => {
    await expect(assertMasterKeysOpenDataKeys(context.pool, new MasterKeyProvider({ current: TEST_MASTER_KEY }))).resolves.toBeUndefined();
    await expect(
      assertMasterKeysOpenDataKeys(context.pool, new MasterKeyProvider({ current: OTHER_KEY, previous: [TEST_MASTER_KEY] })),
    ).resolves.toBeUndefined();
  });

  it('refuses a master key that opens none of them, naming the missing fingerprint and what to set', async () => {
    const wrappedBy = new MasterKeyProvider({ current: TEST_MASTER_KEY }).keyId;
    const other = new MasterKeyProvider({ current: OTHER_KEY });
    await expect(assertMasterKeysOpenDataKeys(context.pool, other)).rejects.toThrow(
      new RegExp(`wrapped by master key ${wrappedBy} \\(\\d+ tenants?\\).*configured: ${other.keyId}.*RELAY_MASTER_KEY`),
    );
  });
});
