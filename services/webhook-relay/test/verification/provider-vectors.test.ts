import { describe, expect, it } from '@jest/globals';
import { PROVIDERS } from '../../src/verification/registry.js';
import type { ProviderRecord } from '../../src/verification/types.js';
import { verifyRequest } from '../../src/verification/verify-request.js';
import { BODY, githubVector, NOW, URL, VECTORS, type Vector } from './provider-vectors.js';

const AUTHENTICATES_ONLY = new Set(PROVIDERS.filter((provider) => provider.family === 'shared-secret').map((provider) => provider.slug));

const vectorOf = async (slug: string): Promise<Vector> => (slug === 'github' ? githubVector() : VECTORS[slug]!());

const check = (provider: ProviderRecord, vector: Vector, changes: { body?: string; secret?: string } = {}) =>
  verifyRequest({
    provider: provider.slug,
    secrets: [{ id: 'secret-1', value: changes.secret ?? vector.secret }],
    request: { method: vector.method ?? 'POST', url: vector.url ?? URL, headers: Object.entries(vector.headers), body: Buffer.from(changes.body ?? vector.body ?? BODY) },
    now: NOW,
  });

describe('provider registry', () => {
  it('has at least 40 providers across every scheme family', () => {
    expect(PROVIDERS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(PROVIDERS.map((provider) => provider.family))).toEqual(
      new Set(['standard-webhooks', 'hmac-body', 'hmac-timestamped', 'hmac-request', 'jwt', 'asymmetric', 'shared-secret']),
    );
  });

  it('gives every provider a unique slug and an https link to its documentation', () => {
    expect(new Set(PROVIDERS.map((provider) => provider.slug)).size).toBe(PROVIDERS.length);
    for (const provider of PROVIDERS) expect({ slug: provider.slug, docs: provider.docs }).toEqual({ slug: provider.slug, docs: expect.stringMatching(/^https:\/\/[^ ]+$/) });
  });

  it('has a test vector for every provider (add one with each new record)', () => {
    expect(PROVIDERS.map((provider) => provider.slug).filter((slug) => !(slug in VECTORS))).toEqual([]);
  });
});

describe.each(PROVIDERS.map((provider) => [provider.slug, provider] as const))('%s', (slug, provider) => {
  it(AUTHENTICATES_ONLY.has(slug) ? 'authenticates its documented credentials' : 'verifies a request signed as its documentation says', async () => {
    const outcome = check(provider, await vectorOf(slug));
    expect(outcome).toMatchObject({ state: AUTHENTICATES_ONLY.has(slug) ? 'authenticated' : 'verified', cause: null, matchedSecretId: 'secret-1', provider: slug });
  });

  it(AUTHENTICATES_ONLY.has(slug) ? 'refuses other credentials' : 'refuses the same request with its body changed', async () => {
    const vector = await vectorOf(slug);
    const outcome = AUTHENTICATES_ONLY.has(slug) ? check(provider, vector, { secret: 'someone-else:other' }) : check(provider, vector, { body: (vector.body ?? BODY).replace('4200', '9900').replace('Hello', 'Howdy') });
    expect(outcome.state).toBe('failed');
    expect(outcome.cause).toMatch(/wrong_secret|body_modified/);
  });
});
