import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const STORYBLOK: ProviderRecord = {
  slug: 'storyblok',
  name: 'Storyblok',
  family: 'hmac-body',
  docs: 'https://www.storyblok.com/docs/guide/in-depth/webhooks#securing-a-webhook',
  scheme: hmacBody('webhook-signature', { digest: 'sha1' }),
};
