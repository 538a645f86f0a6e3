import { timestampPairs } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// checked against Stripe's own SDK (stripe-ruby Stripe::Webhook::Signature, rubydoc.info/gems/stripe/Stripe/Webhook/Signature):
// hex HMAC-SHA256 of `{t}.{body}`, any v1 entry may match; the vector is signed by the `stripe` npm SDK.
export const STRIPE: ProviderRecord = {
  slug: 'stripe',
  name: 'Stripe',
  family: 'hmac-timestamped',
  docs: 'https://docs.stripe.com/webhooks#verify-manually',
  scheme: timestampPairs('stripe-signature', 'v1'),
  eventType: { jsonField: 'type' },
};
