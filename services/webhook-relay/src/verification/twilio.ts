import { createHash, createHmac } from 'node:crypto';
import { sameBytes } from './constant-time.js';
import { headerValue, sortedFormFields } from './request-view.js';
import type { CapturedRequestView, VerificationOutcome, VerificationSecret } from './types.js';

type Result = Omit<VerificationOutcome, 'provider'>;
const HEADER = 'x-twilio-signature';

/**
 * Twilio signs the URL it called. Form posts: HMAC-SHA1 over the URL followed by the sorted form
 * fields (name then value). JSON posts: HMAC-SHA1 over the URL alone, whose `bodySHA256` query
 * parameter must be the hex sha256 of the body.
 */
export function verifyTwilio(request: CapturedRequestView, secrets: VerificationSecret[]): Result {
  const given = headerValue(request, HEADER);
  if (given === undefined) return { state: 'failed', cause: 'missing_header', detail: { header: HEADER }, matchedSecretId: null };
  const signature = Buffer.from(given, 'base64');
  if (signature.length !== 20) return { state: 'failed', cause: 'malformed_signature', detail: { header: HEADER }, matchedSecretId: null };
  const bodyHash = new URL(request.url).searchParams.get('bodySHA256');
  const message = bodyHash === null ? `${request.url}${sortedFormFields(request.body)}` : request.url;
  const matched = secrets.find((secret) => sameBytes(signature, createHmac('sha1', secret.value).update(message).digest()));
  if (!matched) return { state: 'failed', cause: 'wrong_secret', detail: { secretsTried: secrets.length }, matchedSecretId: null };
  if (
    bodyHash !== null &&
    !sameBytes(Buffer.from(bodyHash.toLowerCase()), Buffer.from(createHash('sha256').update(request.body).digest('hex')))
  ) {
    return { state: 'failed', cause: 'body_modified', detail: { evidence: 'body_sha256_parameter' }, matchedSecretId: null };
  }
  return { state: 'verified', cause: null, detail: null, matchedSecretId: matched.id };
}
