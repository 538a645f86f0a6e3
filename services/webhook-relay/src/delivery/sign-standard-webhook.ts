import { createHmac } from 'node:crypto';

/** `whsec_<base64>` -> the key bytes (Standard Webhooks). */
export function signingKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
}

/**
 * The Standard Webhooks headers for one message: `webhook-signature` holds one `v1,<base64>` per
 * secret, space-separated, so receivers keep verifying across a rotation.
 */
export function standardWebhookHeaders(messageId: string, at: Date, body: Buffer, secrets: string[]): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000).toString();
  const signed = Buffer.concat([Buffer.from(`${messageId}.${timestamp}.`), body]);
  const signatures = secrets.map((secret) => `v1,${createHmac('sha256', signingKey(secret)).update(signed).digest('base64')}`);
  return { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': signatures.join(' ') };
}
