import type { ProviderRecord } from '../../types.js';

export const DISCORD: ProviderRecord = {
  slug: 'discord',
  name: 'Discord',
  family: 'asymmetric',
  docs: 'https://discord.com/developers/docs/interactions/overview#setting-up-an-endpoint-validating-security-request-headers',
  scheme: {
    kind: 'ed25519',
    signatureHeader: 'x-signature-ed25519',
    signatureEncoding: 'hex',
    timestamp: { header: 'x-signature-timestamp', unit: 'seconds' },
    message: ['timestamp', 'body'],
  },
};
