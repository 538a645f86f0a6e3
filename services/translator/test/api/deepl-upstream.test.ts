// TRANSLATOR_ENGINE=deepl against a real DeepL-compatible upstream: a second instance of this very
// service (its own database and Apertium engine), reached over HTTP.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DeepLEngine } from '../../src/engine/deepl/deepl-engine.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

let upstream: TestContext;
let gateway: TestContext;
let gatewayEngine: DeepLEngine;
let upstreamUrl: string;
beforeAll(async () => {
  upstream = await createTestContext();
  upstreamUrl = (await upstream.listen()).url;
  gatewayEngine = new DeepLEngine({ url: upstreamUrl, key: upstream.adminKey, timeoutMs: 30_000 });
  gateway = await createTestContext({ engine: gatewayEngine });
});
afterAll(async () => {
  await gateway.close();
  await gatewayEngine.close();
  await upstream.close();
});

describe('the deepl engine, forwarding to another instance of the service', () => {
  it('translates through the upstream with the gateway’s own key, and meters at the gateway', async () => {
    const { id, secret } = await gateway.createKey();
    const response = await request(gateway.app)
      .post('/v2/translate')
      .set(auth(secret))
      .send({ text: ['Hello world.', 'The dog is happy.'], source_lang: 'EN', target_lang: 'ES', show_billed_characters: true })
      .expect(200);
    expect(response.body.translations[0]).toEqual({ detected_source_language: 'EN', text: 'Hola Mundo.', billed_characters: 12 });
    const daily = await gateway.db.dailyUsage.findMany({ where: { apiKeyId: id } });
    expect(Number(daily[0]!.textTranslationCharacters)).toBe(29);
  });

  it('lets the upstream detect the source language', async () => {
    const response = await request(gateway.app)
      .post('/v2/translate')
      .set(auth(gateway.adminKey))
      .send({ text: ['El perro está en la casa grande con el gato.'], target_lang: 'EN-US' })
      .expect(200);
    expect(response.body.translations[0].detected_source_language).toBe('ES');
    expect(response.body.translations[0].text).toMatch(/dog/i);
  });

  it('forwards custom_instructions as given: the upstream follows them or refuses them, not the gateway', async () => {
    const followed = await request(gateway.app)
      .post('/v2/translate')
      .set(auth(gateway.adminKey))
      .send({ text: ['Hello world.'], source_lang: 'EN', target_lang: 'ES', custom_instructions: ['Translate "world" as "planeta".'] })
      .expect(200);
    expect(followed.body.translations[0].text).toMatch(/planeta/);
    // The upstream here is an offline instance: its refusal comes back with its status and message.
    const refused = await request(gateway.app)
      .post('/v2/translate')
      .set(auth(gateway.adminKey))
      .send({ text: ['Hello world.'], source_lang: 'EN', target_lang: 'ES', custom_instructions: ['Keep it short.'] })
      .expect(400);
    expect(refused.body.message).toMatch(/Custom instruction 'Keep it short\.'/);
  });

  it('forwards context (the upstream detects the source from it) and model_type (answered as the upstream used it)', async () => {
    const response = await request(gateway.app)
      .post('/v2/translate')
      .set(auth(gateway.adminKey))
      .send({
        text: ['12345'],
        target_lang: 'EN-US',
        context: 'El perro está en la casa grande con el gato.',
        model_type: 'latency_optimized',
      })
      .expect(200);
    expect(response.body.translations[0]).toMatchObject({ detected_source_language: 'ES', model_type_used: 'latency_optimized' });
  });

  it('lists the upstream’s languages as its own', async () => {
    const response = await request(gateway.app).get('/v2/languages?type=target').set(auth(gateway.adminKey)).expect(200);
    expect(response.body.map((item: { language: string }) => item.language)).toEqual(expect.arrayContaining(['ES', 'EN-US', 'PT-BR']));
  });

  it('answers 503 (retryable) when the upstream refuses the configured key, without revealing it', async () => {
    const wrongKey = new DeepLEngine({ url: upstreamUrl, key: 'a-key-the-upstream-never-issued' });
    const misconfigured = await createTestContext({ engine: wrongKey });
    try {
      const response = await request(misconfigured.app)
        .post('/v2/translate')
        .set(auth(misconfigured.adminKey))
        .send({ text: ['Hello.'], source_lang: 'EN', target_lang: 'ES' });
      // The languages come from the same upstream, so the refusal shows before or during translation.
      expect(response.status).toBe(503);
      expect(JSON.stringify(response.body)).not.toContain('a-key-the-upstream-never-issued');
    } finally {
      await misconfigured.close();
      await wrongKey.close();
    }
  });
});
