import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// checked against api.video's webhook guide (its docs source on GitHub): X-Api-Video-Signature is the hex HMAC-SHA256 of the body
// keyed by the webhook's signature secret (X-Api-Video-WebhookID names the webhook).
export const API_VIDEO: ProviderRecord = {
  slug: 'api-video',
  name: 'api.video',
  family: 'hmac-body',
  docs: 'https://docs.api.video/reference/create-and-manage-webhooks',
  scheme: hmacBody('x-api-video-signature'),
};
