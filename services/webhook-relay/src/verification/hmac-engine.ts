import { createHmac } from 'node:crypto';
import { sameBytes } from './constant-time.js';
import { headerValue, jsonField, queryParam } from './request-view.js';
import { parseSignatureHeader } from './signature-header.js';
import { requiredHeaders, signedMessage } from './signed-message.js';
import { checkTimestamp } from './timestamp-window.js';
import type { CapturedRequestView, HmacScheme, VerificationOutcome, VerificationSecret } from './types.js';

const DIGEST_BYTES = { sha1: 20, sha256: 32, sha512: 64 } as const;

type Result = Omit<VerificationOutcome, 'provider'>;
const failed = (cause: Result['cause'], detail: Record<string, unknown> | null = null): Result => ({
  state: 'failed',
  cause,
  detail,
  matchedSecretId: null,
});

/**
 * The one HMAC engine: every HMAC provider is a record this interprets. Tries every secret against
 * every signature over the exact stored bytes; on a miss, probes whether the body was altered on the
 * way (whitespace trimmed, JSON re-encoded) before blaming the secret.
 */
export function verifyHmac(scheme: HmacScheme, request: CapturedRequestView, secrets: VerificationSecret[], now: Date): Result {
  const rawValues = signatureValues(scheme, request);
  if (rawValues.length === 0)
    return failed('missing_header', {
      [scheme.signatureIn === 'query' ? 'parameter' : scheme.signatureIn === 'json-body' ? 'field' : 'header']: scheme.signatureHeader,
    });
  const timestampHeader = scheme.timestamp?.header;
  for (const name of [...(timestampHeader ? [timestampHeader] : []), ...requiredHeaders(scheme.message)]) {
    if (headerValue(request, name) === undefined) return failed('missing_header', { header: name });
  }

  const parsed = rawValues.map((value) => parseSignatureHeader(value, scheme.format));
  const signatures = parsed
    .flatMap((entry) => entry?.signatures ?? [])
    .map((text) => decode(text, scheme.encoding))
    .filter((bytes) => bytes.length === DIGEST_BYTES[scheme.digest]);
  if (signatures.length === 0) return failed('malformed_signature', { header: scheme.signatureHeader });
  const timestamp = timestampHeader
    ? headerValue(request, timestampHeader)
    : scheme.timestamp?.jsonField
      ? jsonField(request.body, scheme.timestamp.jsonField)
      : parsed.find((entry) => entry?.timestamp !== undefined)?.timestamp;
  const tolerance = scheme.enforceReplayWindow === false ? Number.POSITIVE_INFINITY : scheme.toleranceSeconds;
  const window = scheme.timestamp ? checkTimestamp(timestamp, scheme.timestamp.unit, now, tolerance) : ({ ok: true } as const);
  if (!window.ok && window.cause === 'malformed_signature') return failed(window.cause, window.detail);

  const keys = secrets
    .map((secret) => ({ id: secret.id, key: deriveKey(secret.value, scheme.key) }))
    .filter((entry) => entry.key.length > 0);
  const matching = (body: Buffer) => {
    const message = signedMessage(scheme.message, request, timestamp, body);
    for (const { id, key } of keys) {
      const expected = createHmac(scheme.digest, key).update(message).digest();
      if (signatures.some((signature) => sameBytes(signature, expected))) return id;
    }
    return null;
  };

  const matchedSecretId = matching(request.body);
  if (matchedSecretId) {
    if (!window.ok) return failed(window.cause, window.detail);
    return { state: 'verified', cause: null, detail: null, matchedSecretId };
  }
  for (const [evidence, probe] of bodyProbes(request.body)) {
    if (matching(probe)) return failed('body_modified', { evidence });
  }
  if (!window.ok) return failed(window.cause, window.detail);
  return failed('wrong_secret', { secretsTried: keys.length });
}

function decode(text: string, encoding: HmacScheme['encoding']): Buffer {
  if (encoding === 'hex') return /^[0-9a-fA-F]+$/.test(text) && text.length % 2 === 0 ? Buffer.from(text, 'hex') : Buffer.alloc(0);
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
}

function deriveKey(secret: string, derivation: HmacScheme['key']): Buffer {
  switch (derivation) {
    case 'utf8':
      return Buffer.from(secret, 'utf8');
    case 'whsec-base64':
      return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
    case 'base64':
      return Buffer.from(secret, 'base64');
    case 'hex':
      return /^[0-9a-fA-F]*$/.test(secret) ? Buffer.from(secret, 'hex') : Buffer.alloc(0);
  }
}

// Honest probes for a body changed in transit: what a proxy or framework commonly does to it.
function bodyProbes(body: Buffer): Array<[string, Buffer]> {
  const probes: Array<[string, Buffer]> = [];
  const text = body.toString('utf8');
  const trimmed = text.trimEnd();
  if (trimmed !== text) probes.push(['trailing_whitespace', Buffer.from(trimmed, 'utf8')]);
  else probes.push(['trailing_whitespace', Buffer.from(`${text}\n`, 'utf8')]);
  try {
    const reencoded = JSON.stringify(JSON.parse(text));
    if (reencoded !== text) probes.push(['reencoded_json', Buffer.from(reencoded, 'utf8')]);
  } catch {
    // not JSON: nothing to probe
  }
  return probes;
}

/** Every encoded signature value the request carries for this scheme, wherever the scheme puts them. */
function signatureValues(scheme: HmacScheme, request: CapturedRequestView): string[] {
  if (scheme.signatureIn === 'query')
    return [queryParam(request, scheme.signatureHeader)].filter((value): value is string => value !== undefined);
  if (scheme.signatureIn === 'json-body')
    return [jsonField(request.body, scheme.signatureHeader)].filter((value): value is string => value !== undefined);
  const names = scheme.numberedHeaders
    ? numberedHeaderNames(request, scheme.signatureHeader)
    : [scheme.signatureHeader, ...(scheme.additionalSignatureHeaders ?? [])];
  return names.map((name) => headerValue(request, name)).filter((value): value is string => value !== undefined);
}

function numberedHeaderNames(request: CapturedRequestView, first: string): string[] {
  const base = first.replace(/-1$/, '');
  return request.headers
    .map(([name]) => name.toLowerCase())
    .filter((name) => name.startsWith(`${base}-`) && /^\d+$/.test(name.slice(base.length + 1)));
}
