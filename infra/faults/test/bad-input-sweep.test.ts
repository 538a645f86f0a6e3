// All three services running as in production, every route, every kind of bad request: malformed JSON,
// JSON that is not an object, wrong types, unknown parameters, invalid UTF-8, a 2 MiB body, odd methods,
// with and without credentials. Not one answer may be a 5xx.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { RELAY_PUBLIC_ROUTES, RELAY_ROUTES } from '@workspace/contracts';
import { databaseUrl, dropDatabase, freshDatabaseName } from './helpers/databases.js';
import { PrivateRedis } from './helpers/private-redis.js';
import { startService, type ServiceProcess } from './helpers/processes.js';
import { patient } from './helpers/patience.js';
import { BOOTSTRAP_KEY, relayStack } from './helpers/relay-stack.js';
import { pastTransientUnavailable } from './helpers/transient.js';

const ID = '01890a5d-ac96-774b-bcce-b302099a8057';
const BODIES: [string, Buffer][] = [
  ['malformed JSON', Buffer.from('{"name": "x",')],
  ['a JSON array', Buffer.from('[1, 2, 3]')],
  ['a JSON string', Buffer.from('"text"')],
  [
    'wrong types',
    Buffer.from(JSON.stringify({ name: 7, url: false, port: 'eighty', text: {}, target_lang: [1], key_id: null, label: [], limit: 'x' })),
  ],
  ['unknown members', Buffer.from(JSON.stringify({ surprise: true, __proto__: { admin: true } }))],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d])],
  ['2 MiB', Buffer.alloc(2 * 1024 * 1024, 0x61)],
];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'];

interface Target {
  name: string;
  base: string;
  paths: string[];
  headers: Record<string, string>[];
}

const targets: Target[] = [];
const running: ServiceProcess[] = [];
const databases: string[] = [];
let redis: PrivateRedis;

beforeAll(async () => {
  redis = new PrivateRedis();
  await redis.start();
  const names = { translator: freshDatabaseName('sweep_tr'), config: freshDatabaseName('sweep_cs'), relay: freshDatabaseName('sweep_wr') };
  databases.push(...Object.values(names));

  const adminKey = 'faults-sweep-admin-key:adm';
  const translator = await startService({
    service: 'translator',
    env: { HOST: '127.0.0.1', DATABASE_URL: databaseUrl(names.translator), TRANSLATOR_ADMIN_KEY: adminKey },
    ports: { PORT: 'translator listening' },
  });
  running.push(translator);
  const translatorPort = translator.ports.PORT;
  // A real upload URL of a translation-memory import (single use: the sweep's first PUT spends it) and a made-up one.
  const imported = await fetch(`http://127.0.0.1:${translatorPort}/v3/translation_memories/import`, {
    method: 'POST',
    headers: { authorization: `DeepL-Auth-Key ${adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ source_file: { file_name: 'memory.tmx', content_length: 2048 } }),
  });
  const uploadPath = new URL(((await imported.json()) as { upload_url: string }).upload_url).pathname;
  targets.push({
    name: 'translator',
    base: `http://127.0.0.1:${translatorPort}`,
    paths: [
      '/v2/translate',
      '/v2/languages',
      '/v2/usage',
      '/v2/admin/developer-keys',
      '/v2/admin/developer-keys/deactivate',
      '/v2/admin/developer-keys/label',
      '/v2/admin/developer-keys/limits',
      '/v2/admin/analytics',
      '/v2/admin/analytics/custom-tags',
      '/v2/glossaries',
      `/v2/glossaries/${ID}`,
      '/v3/glossaries',
      `/v3/glossaries/${ID}`,
      '/v2/glossary-language-pairs',
      '/v3/style_rules',
      `/v3/style_rules/${ID}`,
      `/v3/style_rules/${ID}/configured_rules`,
      `/v3/style_rules/${ID}/custom_instructions`,
      `/v3/style_rules/${ID}/custom_instructions/${ID}`,
      '/v3/translation_memories',
      '/v3/translation_memories/import',
      `/v3/translation_memories/jobs/${ID}`,
      `/v3/translation_memories/${ID}`,
      `/v3/translation_memories/${ID}/segments`,
      `/v3/translation_memories/${ID}/export`,
      uploadPath,
      '/translation-memory-files/not-a-token',
      '/v2/nope',
    ],
    headers: [{ authorization: `DeepL-Auth-Key ${adminKey}` }, {}],
  });

  const configStore = await startService({
    service: 'config-store',
    env: {
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl(names.config),
      REDIS_URL: redis.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      CONFIG_STORE_USERNAME: 'admin',
      CONFIG_STORE_PASSWORD: 'sweep-password-1',
      // The sweep sends hundreds of bad logins from one address: the limiter's 429 is a 4xx too, but keep it out of the way.
      LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
      LOGIN_MAX_FAILURES_PER_USER: '100000',
    },
    ports: { PORT: 'config-store listening' },
  });
  running.push(configStore);
  const configPort = configStore.ports.PORT;
  const login = await fetch(`http://127.0.0.1:${configPort}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'sweep-password-1' }),
  });
  targets.push({
    name: 'config-store',
    base: `http://127.0.0.1:${configPort}`,
    paths: ['/login', '/logout', '/configurations/', '/configurations/some-name', '/configurations/some-name/extra', '/nope'],
    headers: [{ cookie: login.headers.get('set-cookie')!.split(';')[0]! }, {}],
  });

  const relay = await relayStack({ database: names.relay, redisUrl: redis.url });
  running.push(await relay.startApi());
  const { ingestUrl } = await relay.route('http://127.0.0.1:9/unused');
  targets.push({
    name: 'webhook-relay',
    base: relay.apiUrl,
    paths: [...new Set([...RELAY_ROUTES, ...RELAY_PUBLIC_ROUTES].map((route) => route.path.replace(/\{[a-z_]+\}/g, ID))), '/v1/nope'],
    headers: [{ authorization: `Bearer ${BOOTSTRAP_KEY}` }, {}],
  });
  const ingest = new URL(ingestUrl);
  targets.push({ name: 'webhook-relay ingest', base: ingest.origin, paths: [ingest.pathname, '/whep_not_a_token', '/'], headers: [{}] });
}, patient(180_000));

afterAll(async () => {
  for (const service of running) await service.stop();
  await redis.stop();
  for (const database of databases) await dropDatabase(database);
});

describe('no 5xx for bad input', () => {
  it.each(['translator', 'config-store', 'webhook-relay', 'webhook-relay ingest'])('%s', async (name) => {
    const target = targets.find((candidate) => candidate.name === name)!;
    const serverErrors: string[] = [];
    let requests = 0;
    const check = async (method: string, path: string, headers: Record<string, string>, body?: Buffer, type?: string) => {
      const send = async () => {
        const response = await fetch(`${target.base}${path}`, {
          method,
          headers: { ...headers, ...(type ? { 'content-type': type } : {}) },
          body,
        });
        return { status: response.status, text: await response.text() };
      };
      // A 503 is the services' answer to a database that did not answer in time, which a loaded CI machine can
      // cause with any request; one that persists through the retries still counts.
      const answer = await pastTransientUnavailable(send);
      requests += 1;
      if (answer.status >= 500)
        serverErrors.push(`${method} ${path} ${type ?? ''} ${body?.length ?? 0} bytes -> ${answer.status} ${answer.text.slice(0, 200)}`);
    };
    for (const path of target.paths) {
      for (const headers of target.headers) {
        for (const method of METHODS)
          await check(method, `${path}?limit=-5&cursor=%ZZ&type=both&start_date=yesterday&sort=bogus&page=-1`, headers);
        for (const method of ['POST', 'PUT', 'PATCH']) {
          for (const [, body] of BODIES) {
            await check(method, path, headers, body, 'application/json');
            await check(method, path, headers, body, 'application/x-www-form-urlencoded');
          }
          await check(method, path, headers, Buffer.from('<a/>'), 'application/xml');
        }
      }
    }
    expect(serverErrors).toEqual([]);
    expect(requests).toBeGreaterThan(100);
  });
});
