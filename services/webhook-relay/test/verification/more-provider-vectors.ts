// Vectors for issue 10's HMAC providers: each built from the provider's documented algorithm (or
// the official library), independently of the registry records the verifier reads.
import { createHash, createHmac } from 'node:crypto';
import { encodeSignatureHeader } from '@sanity/webhook';
import { Webhook } from 'standardwebhooks';
import { BODY, MILLISECONDS, NOW, SECONDS, SECRET, URL, WHSEC, type Vector } from './provider-vectors.js';

type Encoding = 'hex' | 'base64' | 'base64url';
const mac = (message: string, options: { digest?: string; encoding?: Encoding; key?: string | Buffer } = {}) =>
  createHmac(options.digest ?? 'sha256', options.key ?? SECRET)
    .update(message)
    .digest(options.encoding ?? 'hex');
const OTHER_KEY = 'a-retired-signing-secret';
const ISO = NOW.toISOString();

const svix = (): Vector => ({
  secret: WHSEC,
  headers: { 'svix-id': 'msg_v2', 'svix-timestamp': SECONDS, 'svix-signature': new Webhook(WHSEC).sign('msg_v2', NOW, BODY) },
});
const webhook = (): Vector => ({
  secret: WHSEC,
  headers: { 'webhook-id': 'msg_v2', 'webhook-timestamp': SECONDS, 'webhook-signature': new Webhook(WHSEC).sign('msg_v2', NOW, BODY) },
});
const signedBody = (header: string, options: { prefix?: string; digest?: string; encoding?: Encoding } = {}): Vector => ({
  secret: SECRET,
  headers: { [header]: `${options.prefix ?? ''}${mac(BODY, options)}` },
});

export const MORE_HMAC_VECTORS: Record<string, () => Vector | Promise<Vector>> = {
  stytch: svix,
  vanta: svix,
  render: webhook,
  brex: webhook,
  'incident-io': webhook,
  etsy: webhook,
  loops: webhook,

  alchemy: () => signedBody('x-alchemy-signature'),
  'api-video': () => signedBody('x-api-video-signature'),
  acuity: () => signedBody('x-acuity-signature', { encoding: 'base64' }),
  aftership: () => signedBody('aftership-hmac-sha256', { encoding: 'base64' }),
  attio: () => signedBody('attio-signature'),
  maxio: () => signedBody('x-chargify-webhook-signature-hmac-sha-256'),
  circleci: () => ({ secret: SECRET, headers: { 'circleci-signature': `v1=${mac(BODY)}` } }),
  clickup: () => signedBody('x-signature'),
  discourse: () => signedBody('x-discourse-event-signature', { prefix: 'sha256=' }),
  doppler: () => signedBody('x-doppler-signature', { prefix: 'sha256=' }),
  dwolla: () => signedBody('x-request-signature-sha-256'),
  easypost: () => signedBody('x-hmac-signature', { prefix: 'hmac-sha256-hex=' }),
  expo: () => signedBody('expo-signature', { prefix: 'sha1=', digest: 'sha1' }),
  fastspring: () => signedBody('x-fs-signature', { encoding: 'base64' }),
  flagsmith: () => signedBody('x-flagsmith-signature'),
  forgejo: () => signedBody('x-forgejo-signature'),
  gitea: () => signedBody('x-gitea-signature'),
  gocardless: () => signedBody('webhook-signature'),
  gogs: () => signedBody('x-gogs-signature'),
  grafana: () => signedBody('x-grafana-alerting-signature'),
  gusto: () => signedBody('x-gusto-signature'),
  'help-scout': () => signedBody('x-helpscout-signature', { digest: 'sha1', encoding: 'base64' }),
  heroku: () => signedBody('heroku-webhook-hmac-sha256', { encoding: 'base64' }),
  jira: () => signedBody('x-hub-signature', { prefix: 'sha256=' }),
  lago: () => signedBody('x-lago-signature', { encoding: 'base64' }),
  launchdarkly: () => signedBody('x-ld-signature'),
  'lemon-squeezy': () => signedBody('x-signature'),
  line: () => signedBody('x-line-signature', { encoding: 'base64' }),

  mailersend: () => signedBody('signature'),
  'modern-treasury': () => signedBody('x-signature'),
  monnify: () => signedBody('monnify-signature', { digest: 'sha512' }),
  notion: () => signedBody('x-notion-signature', { prefix: 'sha256=' }),
  nylas: () => signedBody('x-nylas-signature'),
  onfido: () => signedBody('x-sha2-signature'),
  planetscale: () => signedBody('x-planetscale-signature'),
  pulumi: () => signedBody('pulumi-webhook-signature'),
  quickbooks: () => signedBody('intuit-signature', { encoding: 'base64' }),
  shortcut: () => signedBody('payload-signature'),
  smartsheet: () => signedBody('smartsheet-hmac-sha256'),
  snyk: () => signedBody('x-hub-signature', { prefix: 'sha256=' }),
  storyblok: () => signedBody('webhook-signature', { digest: 'sha1' }),
  sumsub: () => signedBody('x-payload-digest'),
  tally: () => signedBody('tally-signature', { encoding: 'base64' }),
  'terraform-cloud': () => signedBody('x-tfe-notification-signature', { digest: 'sha512' }),
  todoist: () => signedBody('x-todoist-hmac-sha256', { encoding: 'base64' }),
  typeform: () => signedBody('typeform-signature', { prefix: 'sha256=', encoding: 'base64' }),
  veriff: () => signedBody('x-hmac-signature'),
  viber: () => signedBody('x-viber-content-signature'),
  webex: () => signedBody('x-spark-signature', { digest: 'sha1' }),
  woocommerce: () => signedBody('x-wc-webhook-signature', { encoding: 'base64' }),
  x: () => signedBody('x-twitter-webhooks-signature', { prefix: 'sha256=', encoding: 'base64' }),
  xero: () => signedBody('x-xero-signature', { encoding: 'base64' }),

  webflow: () => ({
    secret: SECRET,
    headers: { 'x-webflow-timestamp': MILLISECONDS, 'x-webflow-signature': mac(`${MILLISECONDS}:${BODY}`) },
  }),
  // Two signatures during a rotation: the retired secret's first.
  revolut: () => ({
    secret: SECRET,
    headers: {
      'revolut-request-timestamp': MILLISECONDS,
      'revolut-signature': `v1=${mac(`v1.${MILLISECONDS}.${BODY}`, { key: OTHER_KEY })},v1=${mac(`v1.${MILLISECONDS}.${BODY}`)}`,
    },
  }),
  // Sanity's own toolkit signs it (millisecond timestamp, base64url signature).
  sanity: async () => ({
    secret: SECRET,
    headers: { 'sanity-webhook-signature': await encodeSignatureHeader(BODY, Number(MILLISECONDS), SECRET) },
  }),
  airwallex: () => ({ secret: SECRET, headers: { 'x-timestamp': MILLISECONDS, 'x-signature': mac(`${MILLISECONDS}${BODY}`) } }),
  close: () => {
    const key = 'c0ffee00112233445566778899aabbccddeeff00112233445566778899aabbcc';
    return {
      secret: key,
      headers: { 'close-sig-timestamp': SECONDS, 'close-sig-hash': mac(`${SECONDS}${BODY}`, { key: Buffer.from(key, 'hex') }) },
    };
  },
  'frame-io': () => ({
    secret: SECRET,
    headers: { 'x-frameio-request-timestamp': SECONDS, 'x-frameio-signature': `v0=${mac(`v0:${SECONDS}:${BODY}`)}` },
  }),
  elevenlabs: () => ({ secret: SECRET, headers: { 'elevenlabs-signature': `t=${SECONDS},v0=${mac(`${SECONDS}.${BODY}`)}` } }),
  // Orb's SDK: a zone-less UTC date-time with microseconds, and space-separated `v1=` entries (a retired secret's first).
  orb: () => {
    const timestamp = `${ISO.slice(0, -1)}000`;
    return {
      secret: SECRET,
      headers: {
        'x-orb-timestamp': timestamp,
        'x-orb-signature': `v1=${mac(`v1:${timestamp}:${BODY}`, { key: OTHER_KEY })} v1=${mac(`v1:${timestamp}:${BODY}`)}`,
      },
    };
  },
  metronome: () => ({
    secret: SECRET,
    headers: { date: NOW.toUTCString(), 'metronome-webhook-signature': mac(`${NOW.toUTCString()}\n${BODY}`) },
  }),
  // Primary signed with another key, secondary with the configured one: either header may match.
  box: () => ({
    secret: SECRET,
    headers: {
      'box-delivery-timestamp': ISO,
      'box-signature-primary': mac(`${BODY}${ISO}`, { key: OTHER_KEY, encoding: 'base64' }),
      'box-signature-secondary': mac(`${BODY}${ISO}`, { encoding: 'base64' }),
    },
  }),
  configcat: () => ({
    secret: SECRET,
    headers: {
      'x-configcat-webhook-id': 'wh_42',
      'x-configcat-webhook-timestamp': SECONDS,
      'x-configcat-webhook-signature-v1': `${mac(`wh_42${SECONDS}${BODY}`, { key: OTHER_KEY, encoding: 'base64' })},${mac(`wh_42${SECONDS}${BODY}`, { encoding: 'base64' })}`,
    },
  }),
  ghost: () => ({ secret: SECRET, headers: { 'x-ghost-signature': `sha256=${mac(`${BODY}${MILLISECONDS}`)}, t=${MILLISECONDS}` } }),
  cashfree: () => ({
    secret: SECRET,
    headers: { 'x-webhook-timestamp': MILLISECONDS, 'x-webhook-signature': mac(`${MILLISECONDS}${BODY}`, { encoding: 'base64' }) },
  }),
  teller: () => ({ secret: SECRET, headers: { 'teller-signature': `t=${SECONDS},v1=${mac(`${SECONDS}.${BODY}`)}` } }),
  lusha: () => ({ secret: SECRET, headers: { 'x-lusha-timestamp': SECONDS, 'x-lusha-signature': mac(`${SECONDS}.${BODY}`) } }),

  // Mailgun signs `{timestamp}{token}` (fields of the JSON body), not the event data: tampering means a changed token.
  mailgun: () => {
    const body = (token: string, signature: string) =>
      JSON.stringify({ signature: { timestamp: SECONDS, token, signature }, 'event-data': { event: 'delivered', id: 'evt-mg' } });
    const signature = mac(`${SECONDS}tok-1234567890abcdef`);
    return {
      secret: SECRET,
      headers: { 'content-type': 'application/json' },
      body: body('tok-1234567890abcdef', signature),
      tampered: { body: body('tok-replayed-elsewhere', signature), cause: 'wrong_secret' },
    };
  },
  // Bird: timestamp, URL and the body's binary SHA-256, newline-separated.
  bird: () => {
    const message = Buffer.concat([Buffer.from(`${SECONDS}\n${URL}\n`), createHash('sha256').update(BODY).digest()]);
    return {
      secret: SECRET,
      headers: {
        'messagebird-request-timestamp': SECONDS,
        'messagebird-signature': createHmac('sha256', SECRET).update(message).digest('base64'),
      },
    };
  },
  pandadoc: () => ({ secret: SECRET, headers: {}, url: `${URL}&signature=${mac(BODY)}` }),
  'mercado-pago': () => {
    const url = (id: string) => `https://in.example.com/whep_vectors?data.id=${id}&type=payment`;
    const manifest = `id:123456789;request-id:req-mp-1;ts:${SECONDS};`;
    return {
      secret: SECRET,
      url: url('123456789'),
      headers: { 'x-request-id': 'req-mp-1', 'x-signature': `ts=${SECONDS},v1=${mac(manifest)}` },
      tampered: { url: url('987654321'), cause: 'wrong_secret' },
    };
  },
};
