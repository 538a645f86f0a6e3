import { createHmac } from 'node:crypto';

/**
 * The `webhook-signature` header for an outgoing delivery: one `v1,<base64>` per secret, over the
 * raw body bytes (never a decoded string), joined by spaces so receivers can rotate.
 */
export function signStandardWebhooks(input: { id: string; timestamp: Date; body: Buffer; secrets: string[] }): string {
  if (input.secrets.length === 0) throw new Error('signing needs at least one secret');
  const seconds = Math.floor(input.timestamp.getTime() / 1000);
  const message = Buffer.concat([Buffer.from(`${input.id}.${seconds}.`, 'utf8'), input.body]);
  return input.secrets
    .map((secret) => {
      const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
      if (key.length === 0) throw new Error('a signing secret is empty');
      return `v1,${createHmac('sha256', key).update(message).digest('base64')}`;
    })
    .join(' ');
}
