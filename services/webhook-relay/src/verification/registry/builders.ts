import type { HmacScheme, TimestampUnit } from '../types.js';

type HmacOptions = Partial<Pick<HmacScheme, 'digest' | 'encoding' | 'key' | 'toleranceSeconds'>>;

/** HMAC over the exact body bytes, one signature per header after an optional prefix (`sha256=`). */
export const hmacBody = (header: string, options: HmacOptions & { prefix?: string } = {}): HmacScheme => ({
  kind: 'hmac',
  signatureHeader: header,
  format: { kind: 'plain', ...(options.prefix ? { prefix: options.prefix } : {}) },
  digest: options.digest ?? 'sha256',
  encoding: options.encoding ?? 'hex',
  key: options.key ?? 'utf8',
  message: ['body'],
});

/** `v0:{timestamp}:{body}`: the message Slack signs, copied by Zoom, Customer.io and Frame.io. */
export const V0_MESSAGE: HmacScheme['message'] = [{ literal: 'v0:' }, 'timestamp', { literal: ':' }, 'body'];

/** `t=<ts>,<key>=<sig>` in one header (Stripe's layout), message `{t}.{body}` unless given. */
export const timestampPairs = (
  header: string,
  signatureKey: string,
  options: HmacOptions &
    Partial<{
      timestampKey: string;
      unit: TimestampUnit;
      pairSeparator: string;
      groupSeparator: string;
      message: HmacScheme['message'];
    }> = {},
): HmacScheme => ({
  kind: 'hmac',
  signatureHeader: header,
  format: {
    kind: 'pairs',
    pairSeparator: options.pairSeparator ?? ',',
    signatureKey,
    timestampKey: options.timestampKey ?? 't',
    ...(options.groupSeparator ? { groupSeparator: options.groupSeparator } : {}),
  },
  digest: options.digest ?? 'sha256',
  encoding: options.encoding ?? 'hex',
  key: options.key ?? 'utf8',
  timestamp: { unit: options.unit ?? 'seconds' },
  message: options.message ?? ['timestamp', { literal: '.' }, 'body'],
  ...(options.toleranceSeconds ? { toleranceSeconds: options.toleranceSeconds } : {}),
});

/** Signature in one header (optionally a list), the signed timestamp in another. */
export const withTimestampHeader = (
  signatureHeader: string,
  timestampHeader: string,
  message: HmacScheme['message'],
  options: HmacOptions & Partial<{ prefix: string; unit: TimestampUnit; format: HmacScheme['format'] }> = {},
): HmacScheme => ({
  kind: 'hmac',
  signatureHeader,
  format: options.format ?? { kind: 'plain', ...(options.prefix ? { prefix: options.prefix } : {}) },
  digest: options.digest ?? 'sha256',
  encoding: options.encoding ?? 'hex',
  key: options.key ?? 'utf8',
  timestamp: { header: timestampHeader, unit: options.unit ?? 'seconds' },
  message,
  ...(options.toleranceSeconds ? { toleranceSeconds: options.toleranceSeconds } : {}),
});

/** Standard Webhooks: HMAC-SHA256 over `{id}.{timestamp}.{body}`, base64, `v1,<sig>` entries separated by spaces. */
export const standardWebhooks = (prefix: string, key: HmacScheme['key'] = 'whsec-base64', idHeader = `${prefix}-id`): HmacScheme => ({
  kind: 'hmac',
  signatureHeader: `${prefix}-signature`,
  format: { kind: 'versioned-list', version: 'v1' },
  digest: 'sha256',
  encoding: 'base64',
  key,
  timestamp: { header: `${prefix}-timestamp`, unit: 'seconds' },
  message: [{ header: idHeader }, { literal: '.' }, 'timestamp', { literal: '.' }, 'body'],
});
