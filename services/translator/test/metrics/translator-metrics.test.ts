import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createLogger, ServiceMetrics } from '@workspace/service-kit';
import { labelValues, sampleValue } from '@workspace/service-kit/testing';
import { ApertiumEngine } from '../../src/engine/apertium/apertium-engine.js';
import { chainObserver, translatorMetrics, type TranslatorMetrics } from '../../src/metrics/translator-metrics.js';
import { isAlive, waitFor } from '../helpers/processes.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

/**
 * The translator driven through its API on the real Apertium engine, then scraped: characters per engine and
 * pair, queue waits, a chain restart (counted and logged with its mode and processes) and 456 refusals.
 */
describe('translator /metrics', () => {
  let ctx: TestContext;
  let metrics: TranslatorMetrics;
  let engine: ApertiumEngine;
  let key: string;
  let logLines = '';

  const scrape = async () => {
    const response = await request(ctx.app).get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text;
  };
  const translate = (authKey: string, text: string[], target = 'ES') =>
    request(ctx.app).post('/v2/translate').set(auth(authKey)).send({ text, source_lang: 'EN', target_lang: target });

  beforeAll(async () => {
    const destination = new Writable({ write: (chunk, _encoding, done) => void ((logLines += chunk.toString()), done()) });
    const logger = createLogger({ service: 'translator-test', level: 'info', destination });
    metrics = translatorMetrics(new ServiceMetrics({ enabled: true, service: 'translator' }));
    engine = new ApertiumEngine({ chainsPerPair: 1, observer: chainObserver(metrics, logger) });
    ctx = await createTestContext({ engine, metrics, logger });
    key = (await ctx.createKey()).secret;
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await engine?.close();
  });

  it('counts the characters translated by engine and pair, and the segments’ queue waits', async () => {
    const texts = ['Hello world.', 'The dog is happy.', 'Good morning.'];
    const characters = texts.reduce((sum, text) => sum + text.length, 0);
    await translate(key, texts).expect(200);
    await translate(key, texts).expect(200);
    const text = await scrape();
    expect(sampleValue(text, 'translator_characters_translated_total', { engine: 'apertium', source: 'EN', target: 'ES' })).toBe(
      2 * characters,
    );
    expect(sampleValue(text, 'translator_engine_queue_wait_seconds_count', {})).toBeGreaterThanOrEqual(6);
    expect(sampleValue(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/v2/translate', status: '200' })).toBe(2);
  });

  it('counts a chain restart by cause and logs it with the mode and the killed processes', async () => {
    const before = await engine.processIds();
    expect(before.length).toBeGreaterThan(0);
    process.kill(before.at(-1)!, 'SIGKILL');
    await waitFor(() => !before.some(isAlive), 10_000);
    expect(sampleValue(await scrape(), 'translator_chain_restarts_total', { cause: 'exited' })).toBe(1);
    const restarts = logLines
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => String(line.msg).startsWith('apertium chain restarted'));
    expect(restarts).toHaveLength(1);
    expect(restarts[0]).toMatchObject({ level: 'warn', mode: 'eng-spa', cause: 'exited', pids: before });
    // The next request starts a fresh chain and is answered.
    const answer = await translate(key, ['Hello world.']).expect(200);
    expect(answer.body.translations[0].text).toBe('Hola Mundo.');
  });

  it('counts 456 refusals by route', async () => {
    const limited = (await ctx.createKey({ characterLimit: 5n })).secret;
    await translate(limited, ['Hello world, this is longer than five characters.']).expect(456);
    await translate(limited, ['Again, longer than five.']).expect(456);
    const text = await scrape();
    expect(sampleValue(text, 'translator_quota_exceeded_total', { route: '/v2/translate' })).toBe(2);
    expect(sampleValue(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/v2/translate', status: '456' })).toBe(2);
  });

  it('reads the pool figures and Node process metrics, and sends the security headers', async () => {
    const response = await request(ctx.app).get('/metrics').expect(200);
    expect(response.text).toMatch(/^process_cpu_user_seconds_total\{service="translator"\} /m);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('carries no key, text or id in any label', async () => {
    const values = labelValues(await scrape());
    expect(values.length).toBeGreaterThan(5);
    for (const value of values) {
      expect(value).not.toContain(key);
      expect(value).not.toMatch(/Hello|dog|morning/);
      expect(value).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    }
  });
});
