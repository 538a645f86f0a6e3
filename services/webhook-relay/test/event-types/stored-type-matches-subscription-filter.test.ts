import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventTypeOf } from '../../src/ingest/event-type.js';
import { createContextWithTenant, type TestContext } from '../helpers/test-app.js';

// Subscriptions' event_types are matched by relay_event_type in the fan-out; the type stored at capture must be the
// same value for the registry's providers and for endpoints without one (docs/event-types.md#where-the-type-comes-from).
const CASES: Array<[provider: string | null, headers: Array<[string, string]>, body: string]> = [
  ['stripe', [['Stripe-Signature', 't=1,v1=00']], '{"id":"evt_1","type":"invoice.paid"}'],
  ['github', [['X-GitHub-Event', 'pull_request']], '{"action":"opened"}'],
  ['shopify', [['X-Shopify-Topic', 'orders/create']], '{"id":1}'],
  ['standard-webhooks', [['webhook-id', 'msg_1']], '{"type":"user.created","data":{}}'],
  [null, [['X-GitLab-Event', 'Push Hook']], '{"object_kind":"push"}'],
  [null, [], '{"event_type":"build.finished"}'],
  [null, [], '{"event":"ping","type":7}'],
  [null, [], '["not","an","object"]'],
  [null, [], 'plain text'],
  ['twilio', [], 'Body=hello'],
];

describe('the stored event type', () => {
  let context: TestContext;
  beforeAll(async () => {
    ({ context } = await createContextWithTenant());
  });
  afterAll(async () => {
    await context.close();
  });

  it.each(CASES)('is the type a subscription filter matches (provider %s)', async (provider, headers, body) => {
    const bytes = Buffer.from(body);
    const { rows } = await context.ownerPool.query<{ type: string | null }>('SELECT relay_event_type($1::json, $2::bytea) AS type', [
      JSON.stringify(headers),
      bytes,
    ]);
    expect(eventTypeOf(provider, headers, bytes)).toBe(rows[0]!.type);
  });
});
