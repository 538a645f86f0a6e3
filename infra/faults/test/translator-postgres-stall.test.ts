// PostgreSQL stops answering without closing anything (a proxy that keeps every connection open and
// forwards nothing, new ones accepted and left unanswered): the translator's /v2/usage and a translation
// (its key must be looked up: the key cache has expired) answer 503 with Retry-After within its bounded
// waits (default settings), never hang; once the proxy forwards again both work again by themselves.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { dropDatabase, freshDatabaseName } from './helpers/databases.js';
import { startService, waitFor, type ServiceProcess } from './helpers/processes.js';
import { expectAllUnavailable, timed } from './helpers/stall.js';
import { proxyToDatabase, type TcpProxy } from './helpers/tcp-proxy.js';

// The longest a request waits with the default settings: a statement's answer (DATABASE_QUERY_TIMEOUT_MS
// 5 s; acquiring and connecting are bounded at 3 s). The margin is for a loaded CI machine.
const BOUND_MS = 5_000;
const MARGIN_MS = 10_000;
const ADMIN_KEY = 'faults-translator-stall-admin-key';
// TRANSLATOR_KEY_CACHE_MS: after this a key is looked up in the database again.
const KEY_CACHE_MS = 1000;

const database = freshDatabaseName('translator_stall');
let proxy: TcpProxy;
let urlThrough: (role?: string) => string;
let translator: ServiceProcess | undefined;

beforeAll(async () => {
  ({ proxy, urlThrough } = await proxyToDatabase(database));
});
afterAll(async () => {
  await translator?.stop();
  await proxy.cut();
  await dropDatabase(database);
});

it('answers /v2/usage and a translation with 503 and Retry-After while PostgreSQL stalls, and serves them again once it answers', async () => {
  const url = urlThrough();
  translator = await startService({
    service: 'translator',
    env: {
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      TRANSLATOR_ADMIN_KEY: ADMIN_KEY,
      TRANSLATOR_KEY_CACHE_MS: String(KEY_CACHE_MS),
      APERTIUM_WARM_PAIRS: 'EN-ES',
      APERTIUM_CHAINS_PER_PAIR: '1',
    },
    ports: { PORT: 'translator listening' },
  });
  const base = `http://127.0.0.1:${translator.ports.PORT}`;
  const headers = { authorization: `DeepL-Auth-Key ${ADMIN_KEY}`, 'content-type': 'application/json' };
  const usage = () => timed(`${base}/v2/usage`, { headers });
  const translate = (text: string) =>
    timed(`${base}/v2/translate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ text: [text], source_lang: 'EN', target_lang: 'ES' }),
    });
  for (const answer of await Promise.all([usage(), translate('The house is red.'), usage(), translate('Good morning.')]))
    expect(answer.status).toBe(200);

  proxy.stall();
  await new Promise((resolve) => setTimeout(resolve, KEY_CACHE_MS + 200));
  const answers = await Promise.all([
    ...Array.from({ length: 8 }, () => usage()),
    ...Array.from({ length: 8 }, (_, i) => translate(`The dog number ${i} is happy.`)),
  ]);
  expectAllUnavailable(answers, BOUND_MS + MARGIN_MS, translator.output);
  console.log(
    `translator under a stalled PostgreSQL: ${answers.length} requests answered 503 in ${Math.min(...answers.map((a) => a.ms))}-${Math.max(...answers.map((a) => a.ms))} ms (${proxy.stalledConnections} new connections left unanswered)`,
  );

  const again = await Promise.all([usage(), translate('Once more.')]);
  expectAllUnavailable(again, BOUND_MS + MARGIN_MS, translator.output);

  proxy.forward();
  await waitFor('usage to answer again', async () => (await usage()).status === 200, 30_000, 200);
  const translated = await translate('The house is red.');
  expect(translated.status).toBe(200);
  expect(JSON.parse(translated.body)).toMatchObject({ translations: [{ text: expect.stringMatching(/casa/i) }] });
  expect((await fetch(`${base}/readyz`)).status).toBe(200);
});
