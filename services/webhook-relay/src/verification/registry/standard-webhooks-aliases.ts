import { recordsOf, standardWebhooks } from './builders.js';
import type { ProviderRecord } from '../types.js';

const record = recordsOf('standard-webhooks');

// Providers that send through Svix (`svix-*` headers) or the Standard Webhooks `webhook-*` trio.
export const STANDARD_WEBHOOKS_ALIASES: ProviderRecord[] = [
  record('stytch', 'Stytch', 'https://stytch.com/docs/guides/webhooks/getting-started', standardWebhooks('svix')),
  // checked against https://developer.vanta.com/docs/webhooks (sent through Svix)
  record('vanta', 'Vanta', 'https://developer.vanta.com/docs/webhooks', standardWebhooks('svix')),
  record('render', 'Render', 'https://render.com/docs/webhooks', standardWebhooks('webhook')),
  record('brex', 'Brex', 'https://developer.brex.com/docs/webhooks/', standardWebhooks('webhook')),
  record('incident-io', 'incident.io', 'https://api-docs.incident.io/tag/Webhooks/', standardWebhooks('webhook')),
  record('etsy', 'Etsy', 'https://developers.etsy.com/documentation/essentials/webhooks', standardWebhooks('webhook')),
  record('loops', 'Loops', 'https://loops.so/docs/webhooks', standardWebhooks('webhook')),
];
