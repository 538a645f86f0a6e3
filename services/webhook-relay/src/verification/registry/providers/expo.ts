import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const EXPO: ProviderRecord = {
  slug: 'expo',
  name: 'Expo (EAS)',
  family: 'hmac-body',
  docs: 'https://docs.expo.dev/eas/webhooks/',
  scheme: hmacBody('expo-signature', { prefix: 'sha1=', digest: 'sha1' }),
};
