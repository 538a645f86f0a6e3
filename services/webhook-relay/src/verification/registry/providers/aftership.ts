import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// checked against https://www.aftership.com/docs/tracking/webhook/webhook-signature (base64 HMAC-SHA256 of the body in
// aftership-hmac-sha256; AfterShip's Returns and Warranty products use other headers and are not covered).
export const AFTERSHIP: ProviderRecord = {
  slug: 'aftership',
  name: 'AfterShip',
  family: 'hmac-body',
  docs: 'https://www.aftership.com/docs/tracking/webhook/webhook-signature',
  scheme: hmacBody('aftership-hmac-sha256', { encoding: 'base64' }),
};
