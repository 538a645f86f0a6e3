import { createHash, createHmac } from 'node:crypto';
import { INGEST_BASE } from './test-app.js';

export const TWILIO_AUTH_TOKEN = 'twilio-auth-token-0123456789abcdef';

/**
 * A request as Twilio sends it to `{ingest_url}/<token><rest>?<query>`, signed the way its docs and SDK do:
 * a form post by the URL it called followed by the sorted form fields; a JSON post by the URL alone,
 * with the body's sha256 in its `bodySHA256` parameter. `calledPath` is the path on the ingest listener.
 */
export function twilioRequest(
  calledPath: string,
  query: string,
  body: { form: string } | { json: string },
): { target: string; init: RequestInit } {
  const search =
    'form' in body ? query : [query, `bodySHA256=${createHash('sha256').update(body.json).digest('hex')}`].filter(Boolean).join('&');
  const target = `${calledPath}${search ? `?${search}` : ''}`;
  const url = `${INGEST_BASE}${target}`;
  const signed = 'form' in body ? `${url}${sortedFields(body.form)}` : url;
  return {
    target,
    init: {
      method: 'POST',
      body: 'form' in body ? body.form : body.json,
      headers: {
        'Content-Type': 'form' in body ? 'application/x-www-form-urlencoded' : 'application/json',
        'X-Twilio-Signature': createHmac('sha1', TWILIO_AUTH_TOKEN).update(signed).digest('base64'),
      },
    },
  };
}

const sortedFields = (form: string) =>
  [...new URLSearchParams(form)]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}${value}`)
    .join('');
