import { withTimestampHeader } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Signs the HTTP Date header (RFC 1123), a newline, then the body.
export const METRONOME: ProviderRecord = {
  slug: 'metronome',
  name: 'Metronome',
  family: 'hmac-timestamped',
  docs: 'https://docs.metronome.com/developer-resources/using-the-api/webhooks/',
  scheme: withTimestampHeader('metronome-webhook-signature', 'date', ['timestamp', { literal: '\n' }, 'body'], { unit: 'iso' }),
};
