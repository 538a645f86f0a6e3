import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { verifyWebhook } from '../src/index.js';

const key = Buffer.alloc(32, 9);
const secret = `whsec_${key.toString('base64')}`;
const other = `whsec_${Buffer.alloc(32, 3).toString('base64')}`;
const now = new Date('2026-11-26T00:00:00Z');
const seconds = String(now.getTime() / 1000);
const body = '{"type":"order.paid"}';
const sign = (k: Buffer, id = 'msg_1', ts = seconds, payload = body) =>
  `v1,${createHmac('sha256', k).update(`${id}.${ts}.${payload}`).digest('base64')}`;
const headers = (signature: string, ts = seconds) => ({ 'webhook-id': 'msg_1', 'webhook-timestamp': ts, 'webhook-signature': signature });

describe('verifyWebhook', () => {
  it('accepts a signature among several (rotation), from a Headers object or a plain record, body as text or bytes', async () => {
    const signature = `${sign(Buffer.alloc(32, 3))} ${sign(key)}`;
    await expect(verifyWebhook(body, headers(signature), secret, { now })).resolves.toBeUndefined();
    await expect(verifyWebhook(new TextEncoder().encode(body), new Headers(headers(signature)), secret, { now })).resolves.toBeUndefined();
  });

  it.each([
    ['missing_headers', body, { 'webhook-id': 'msg_1' }, secret],
    ['bad_timestamp', body, headers(sign(key), '12:00'), secret],
    ['timestamp_too_old', body, headers(sign(key, 'msg_1', String(Number(seconds) - 301)), String(Number(seconds) - 301)), secret],
    ['timestamp_in_future', body, headers(sign(key, 'msg_1', String(Number(seconds) + 301)), String(Number(seconds) + 301)), secret],
    ['bad_secret', body, headers(sign(key)), 'whsec_'],
    ['no_matching_signature', body, headers(sign(key)), other],
    ['no_matching_signature', `${body} `, headers(sign(key)), secret],
    ['no_matching_signature', body, headers(`v2,${sign(key).slice(3)}`), secret],
  ])('refuses with %s', async (reason, payload, given, withSecret) => {
    await expect(verifyWebhook(payload, given, withSecret, { now })).rejects.toMatchObject({ reason });
  });

  it('says an unsigned delivery (a webhook-id and no signature) is one whose event was not verified', async () => {
    await expect(verifyWebhook(body, { 'webhook-id': 'msg_1' }, secret, { now })).rejects.toMatchObject({
      reason: 'missing_headers',
      message: expect.stringMatching(/^this delivery is unsigned: its event was not verified/),
    });
    await expect(verifyWebhook(body, { 'webhook-timestamp': seconds }, secret, { now })).rejects.toMatchObject({
      message: 'webhook-id, webhook-timestamp and webhook-signature are required',
    });
  });
});
