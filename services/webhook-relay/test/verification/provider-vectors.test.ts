import { describe, expect, it } from '@jest/globals';
import { PROVIDERS } from '../../src/verification/registry.js';
import type { FailureCause, ProviderRecord } from '../../src/verification/types.js';
import { verifyRequest } from '../../src/verification/verify-request.js';
import { MORE_HMAC_VECTORS } from './more-provider-vectors.js';
import { MORE_OTHER_VECTORS } from './more-provider-vectors-other.js';
import { BODY, githubVector, NOW, URL, VECTORS, type Vector } from './provider-vectors.js';

const ALL_VECTORS: Record<string, () => Vector | Promise<Vector>> = { ...VECTORS, ...MORE_HMAC_VECTORS, ...MORE_OTHER_VECTORS };
const AUTHENTICATES_ONLY = new Set(PROVIDERS.filter((provider) => provider.family === 'shared-secret').map((provider) => provider.slug));

const vectorOf = async (slug: string): Promise<Vector> => (slug === 'github' ? githubVector() : await ALL_VECTORS[slug]!());

const check = (
  provider: ProviderRecord,
  vector: Vector,
  changes: { body?: string; secret?: string; url?: string; headers?: Record<string, string> } = {},
) =>
  verifyRequest({
    provider: provider.slug,
    secrets: [{ id: 'secret-1', value: changes.secret ?? vector.secret }],
    request: {
      method: vector.method ?? 'POST',
      url: changes.url ?? vector.url ?? URL,
      headers: Object.entries({ ...vector.headers, ...changes.headers }),
      body: Buffer.from(changes.body ?? vector.body ?? BODY),
    },
    now: NOW,
  });

/**
 * The tampering each vector must be refused for, and with which cause: the vector's own, or the body
 * changed in transit (4200 -> 9900, or a form field's text). A changed body fails the signature itself (wrong_secret: the
 * probes for re-encoding find nothing) unless the scheme signs a hash of the body, which is then
 * checked after the signature (body_modified).
 */
const tamperingOf = (
  provider: ProviderRecord,
  vector: Vector,
): { changes: { body?: string; url?: string; headers?: Record<string, string> }; cause: FailureCause } => {
  if (vector.tampered) {
    const { cause, ...changes } = vector.tampered;
    return { changes, cause };
  }
  const body = (vector.body ?? BODY).replace('4200', '9900').replace('Hello', 'Howdy');
  return { changes: { body }, cause: provider.scheme.kind === 'jwt-body-hash' ? 'body_modified' : 'wrong_secret' };
};

describe('provider registry', () => {
  it('has at least 141 providers across every scheme family', () => {
    expect(PROVIDERS.length).toBeGreaterThanOrEqual(141);
    expect(new Set(PROVIDERS.map((provider) => provider.family))).toEqual(
      new Set(['standard-webhooks', 'hmac-body', 'hmac-timestamped', 'hmac-request', 'jwt', 'asymmetric', 'shared-secret']),
    );
  });

  it('gives every provider a unique slug and an https link to its documentation', () => {
    expect(new Set(PROVIDERS.map((provider) => provider.slug)).size).toBe(PROVIDERS.length);
    for (const provider of PROVIDERS)
      expect({ slug: provider.slug, docs: provider.docs }).toEqual({
        slug: provider.slug,
        docs: expect.stringMatching(/^https:\/\/[^ ]+$/),
      });
  });

  it('has a test vector for every provider, and none for a provider it does not have', () => {
    const slugs = PROVIDERS.map((provider) => provider.slug);
    expect(slugs.filter((slug) => !(slug in ALL_VECTORS))).toEqual([]);
    expect(Object.keys(ALL_VECTORS).filter((slug) => !slugs.includes(slug))).toEqual([]);
  });
});

describe.each(PROVIDERS.map((provider) => [provider.slug, provider] as const))('%s', (slug, provider) => {
  const authenticatesOnly = AUTHENTICATES_ONLY.has(slug);

  it(authenticatesOnly ? 'authenticates its documented credentials' : 'verifies a request signed as its documentation says', async () => {
    const outcome = check(provider, await vectorOf(slug));
    expect(outcome).toMatchObject({
      state: authenticatesOnly ? 'authenticated' : 'verified',
      cause: null,
      matchedSecretId: 'secret-1',
      provider: slug,
    });
  });

  if (!authenticatesOnly) {
    it('refuses the tampered request with the expected cause', async () => {
      const vector = await vectorOf(slug);
      const { changes, cause } = tamperingOf(provider, vector);
      // A tampering that changes nothing would pass for a refusal of nothing.
      expect(
        changes.body !== undefined ? changes.body !== (vector.body ?? BODY) : changes.url !== undefined || changes.headers !== undefined,
      ).toBe(true);
      expect(check(provider, vector, changes)).toMatchObject({ state: 'failed', cause, matchedSecretId: null });
    });
  }

  it(authenticatesOnly ? 'refuses other credentials' : 'refuses the request under another secret or key', async () => {
    const outcome = check(provider, await vectorOf(slug), { secret: 'someone-else:other' });
    expect(outcome).toMatchObject({ state: 'failed', cause: 'wrong_secret', matchedSecretId: null });
  });
});
