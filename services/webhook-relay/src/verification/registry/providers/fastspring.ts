import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const FASTSPRING: ProviderRecord = {
  slug: 'fastspring',
  name: 'FastSpring',
  family: 'hmac-body',
  docs: 'https://developer.fastspring.com/reference/message-security',
  scheme: hmacBody('x-fs-signature', { encoding: 'base64' }),
};
