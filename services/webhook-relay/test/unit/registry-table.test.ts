import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { PROVIDERS } from '../../src/verification/registry.js';
import { renderProviderTable } from '../../src/verification/registry-table.js';

const committed = () => readFileSync(new URL('../../docs/providers.md', import.meta.url), 'utf8');

describe('the provider table in docs/providers.md', () => {
  it('is what the registry renders today (run `pnpm --filter ./services/webhook-relay registry:table` after changing a record)', () => {
    expect(committed()).toBe(renderProviderTable(PROVIDERS));
  });

  it('lists every provider once, with its family, headers and documentation link', () => {
    const rows = committed()
      .split('\n')
      .filter((line) => /^\| .* \| `[a-z0-9-]+` \|/.test(line));
    expect(rows).toHaveLength(PROVIDERS.length);
    expect(rows.find((row) => row.includes('`stripe`'))).toBe(
      '| Stripe | `stripe` | HMAC with a signed timestamp | HMAC-SHA256 hex | `stripe-signature` |  | [docs](https://docs.stripe.com/webhooks#verify-manually) |',
    );
    expect(rows.find((row) => row.includes('`slack`'))).toContain(
      '| `x-slack-signature`, `x-slack-request-timestamp` | POST body: challenge |',
    );
  });

  it('changes when a record changes (the staleness check can fail)', () => {
    const renamed = PROVIDERS.map((provider) =>
      provider.slug === 'stripe' ? { ...provider, docs: 'https://example.com/moved' } : provider,
    );
    expect(renderProviderTable(renamed)).not.toBe(renderProviderTable(PROVIDERS));
  });
});
