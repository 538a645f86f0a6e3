import { describe, expect, it } from '@jest/globals';
import { detectProvider } from '../../src/verification/detect-provider.js';

// Several providers sign with the same header; the hint names the first in registry/detection-order.ts.
// This pins which one, so reorganising the registry's files cannot change a hint shown to users.
const SHARED_HEADERS: Array<[header: string, hinted: string]> = [
  ['webhook-signature', 'standard-webhooks'],
  ['svix-signature', 'svix'],
  ['x-hub-signature-256', 'github'],
  ['x-hub-signature', 'intercom'],
  ['x-signature', 'segment'],
  ['x-webhook-signature', 'netlify'],
  ['x-hmac-signature', 'easypost'],
];

describe('the provider hint for a signature header several providers share', () => {
  it.each(SHARED_HEADERS)('%s hints %s', (header, hinted) => {
    expect(detectProvider([[header, 'v1,abc']])).toBe(hinted);
  });
});
