import { timestampPairs } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// `sha256=<hex>, t=<ms>` over the body followed by the timestamp. Ghost's docs page does not describe the
// header; Ghost's staff did on its forum (forum.ghost.org/t/34082), matching Ghost's source.
export const GHOST: ProviderRecord = {
  slug: 'ghost',
  name: 'Ghost',
  family: 'hmac-timestamped',
  docs: 'https://ghost.org/docs/webhooks/',
  scheme: timestampPairs('x-ghost-signature', 'sha256', { unit: 'milliseconds', message: ['body', 'timestamp'] }),
};
