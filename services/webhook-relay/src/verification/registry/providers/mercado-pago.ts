import type { ProviderRecord } from '../../types.js';

// A manifest `id:{data.id};request-id:{x-request-id};ts:{ts};` built from the URL's data.id and a header.
export const MERCADO_PAGO: ProviderRecord = {
  slug: 'mercado-pago',
  name: 'Mercado Pago',
  family: 'hmac-request',
  docs: 'https://www.mercadopago.com/developers/en/docs/your-integrations/notifications/webhooks',
  scheme: {
    kind: 'hmac',
    signatureHeader: 'x-signature',
    format: { kind: 'pairs', pairSeparator: ',', signatureKey: 'v1', timestampKey: 'ts' },
    digest: 'sha256',
    encoding: 'hex',
    key: 'utf8',
    // Its page gives no window for ts (the research table lists Mercado Pago without one too).
    timestamp: { unit: 'seconds' },
    enforceReplayWindow: false,
    message: [
      { literal: 'id:' },
      { queryParam: 'data.id' },
      { literal: ';request-id:' },
      { header: 'x-request-id' },
      { literal: ';ts:' },
      'timestamp',
      { literal: ';' },
    ],
  },
};
