import { WebhookVerificationError } from './errors.js';

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far the delivery's timestamp may be from now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** Now, for tests (default the clock). */
  now?: Date;
}

const encoder = new TextEncoder();

/**
 * Checks a delivery's Standard Webhooks signature (`webhook-id`, `webhook-timestamp`, `webhook-signature`) against
 * the destination's signing secret (`whsec_…`); throws WebhookVerificationError when it does not hold. `payload` is
 * the raw body as received: verify before parsing it.
 */
export async function verifyWebhook(
  payload: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyOptions = {},
): Promise<void> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError(
      'missing_headers',
      id && !timestamp && !signatures
        ? 'this delivery is unsigned: its event was not verified (the relay signs only verified or authenticated events)'
        : 'webhook-id, webhook-timestamp and webhook-signature are required',
    );
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('bad_timestamp', 'webhook-timestamp is not a number of seconds');
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (Number(timestamp) < now - tolerance) throw new WebhookVerificationError('timestamp_too_old', 'the delivery is too old');
  if (Number(timestamp) > now + tolerance)
    throw new WebhookVerificationError('timestamp_in_future', 'the delivery is timestamped in the future');
  const key = secretBytes(secret);
  const body = typeof payload === 'string' ? encoder.encode(payload) : payload;
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const message = new Uint8Array(prefix.length + body.length);
  message.set(prefix);
  message.set(body, prefix.length);
  const expected = new Uint8Array(await hmacSha256(key, message));
  for (const candidate of signatures.split(' ')) {
    const [version, value] = candidate.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const given = fromBase64(value);
    if (given && equal(given, expected)) return;
  }
  throw new WebhookVerificationError('no_matching_signature', 'no signature matches the secret');
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value.join(' ') : value;
}

function secretBytes(secret: string): Uint8Array {
  const bytes = fromBase64(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (!bytes || bytes.length === 0) throw new WebhookVerificationError('bad_secret', 'the signing secret is not whsec_ followed by base64');
  return bytes;
}

function fromBase64(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  try {
    const binary = atob(text);
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

async function hmacSha256(key: Uint8Array, message: Uint8Array): Promise<ArrayBuffer> {
  const subtle = await subtleCrypto();
  const cryptoKey = await subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return subtle.sign('HMAC', cryptoKey, message as BufferSource);
}

async function subtleCrypto(): Promise<SubtleCrypto> {
  const global = (globalThis.crypto as Crypto | undefined)?.subtle;
  if (global) return global;
  // Node 18 without --experimental-global-webcrypto: the same API from node:crypto.
  const name = 'node:crypto';
  const { webcrypto } = (await import(/* @vite-ignore */ /* webpackIgnore: true */ name)) as { webcrypto: Crypto };
  return webcrypto.subtle;
}
