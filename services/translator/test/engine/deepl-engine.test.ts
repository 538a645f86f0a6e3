import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { ServerResponse } from 'node:http';
import { DeepLEngine } from '../../src/engine/deepl/deepl-engine.js';
import { EngineError } from '../../src/engine/engine-error.js';
import { closedPortUrl, sendJson, startFakeUpstream, type FakeUpstream, type RecordedRequest } from '../helpers/fake-upstream.js';

const KEY = 'upstream-secret-key:fx';
const MAX_BODY = 120 * 1024;
let upstream: FakeUpstream | undefined;

afterEach(async () => {
  jest.restoreAllMocks();
  await upstream?.close();
  upstream = undefined;
});

/** A fake DeepL: answers /v2/translate with `<target>:<text>` per text and lower-case `en` as the detected source. */
function fakeDeepL(request: RecordedRequest, response: ServerResponse): void {
  if (request.path === '/v2/translate') {
    const form = new URLSearchParams(request.body);
    sendJson(response, 200, {
      translations: form.getAll('text').map((text) => ({
        text: `${form.get('target_lang')}:${text}`,
        detected_source_language: form.get('source_lang')?.toLowerCase() ?? 'en',
        ...(form.has('model_type') ? { model_type_used: 'quality_optimized' } : {}),
      })),
    });
  } else if (request.path === '/v2/usage') {
    sendJson(response, 200, { character_count: 0, character_limit: 500000 });
  } else if (request.path === '/v2/languages?type=source') {
    sendJson(response, 200, [
      { language: 'EN', name: 'English' },
      { language: 'DE', name: 'German' },
      { language: 'pt', name: 'Portuguese' },
    ]);
  } else if (request.path === '/v2/languages?type=target') {
    sendJson(response, 200, [
      { language: 'DE', name: 'German', supports_formality: true },
      { language: 'EN-GB', name: 'English (British)', supports_formality: false },
      { language: 'EN-US', name: 'English (American)', supports_formality: false },
      { language: 'pt-BR', name: 'Portuguese (Brazilian)', supports_formality: true },
    ]);
  } else {
    sendJson(response, 404, { message: 'Not found' });
  }
}

async function engineFor(
  handler = fakeDeepL,
  options: { timeoutMs?: number } = {},
): Promise<{ engine: DeepLEngine; server: FakeUpstream }> {
  upstream = await startFakeUpstream(handler);
  return { engine: new DeepLEngine({ url: `${upstream.url}/`, key: KEY, ...options }), server: upstream };
}

function translateRequests(server: FakeUpstream): RecordedRequest[] {
  return server.requests.filter((request) => request.path === '/v2/translate');
}

async function engineError(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

function answerWith(status: number, body: unknown) {
  return (_request: RecordedRequest, response: ServerResponse) => sendJson(response, status, body);
}

describe('DeepLEngine.translate', () => {
  it('sends 120 texts as 3 upstream requests of 50, 50 and 20 and returns the results in input order', async () => {
    const { engine, server } = await engineFor();
    const texts = Array.from({ length: 120 }, (_, i) => `text ${i}`);
    const results = await engine.translate(texts, { source: 'EN', target: 'DE' });
    expect(results.map((result) => result.text)).toEqual(texts.map((text) => `DE:${text}`));
    expect(
      translateRequests(server)
        .map((request) => new URLSearchParams(request.body).getAll('text').length)
        .sort(),
    ).toEqual([20, 50, 50]);
  });

  it('keeps input order when later batches are answered before earlier ones', async () => {
    let calls = 0;
    const { engine } = await engineFor((request, response) => {
      const delay = 200 - 60 * calls++;
      setTimeout(() => fakeDeepL(request, response), Math.max(delay, 0));
    });
    const texts = Array.from({ length: 160 }, (_, i) => `t${i}`);
    const results = await engine.translate(texts, { target: 'DE' });
    expect(results.map((result) => result.text)).toEqual(texts.map((text) => `DE:${text}`));
  });

  it('never sends more than 50 texts or more than 120 KiB of body in one request, even for non-ASCII text', async () => {
    const { engine, server } = await engineFor();
    // 'é' encodes as %C3%A9 (6 bytes): 3,000 of them make an 18 KB text.
    const texts = Array.from({ length: 40 }, (_, i) => `${i} ${'é'.repeat(3000)}`).concat(
      Array.from({ length: 70 }, (_, i) => `short ${i}`),
    );
    const results = await engine.translate(texts, { source: 'FR', target: 'EN-GB', context: 'some context' });
    expect(results.map((result) => result.text)).toEqual(texts.map((text) => `EN-GB:${text}`));
    const requests = translateRequests(server);
    expect(requests.length).toBeGreaterThan(5);
    for (const request of requests) {
      expect(Number(request.headers['content-length'])).toBeLessThanOrEqual(MAX_BODY);
      expect(Buffer.byteLength(request.body)).toBeLessThanOrEqual(MAX_BODY);
      expect(new URLSearchParams(request.body).getAll('text').length).toBeLessThanOrEqual(50);
      expect(new URLSearchParams(request.body).get('context')).toBe('some context');
    }
  });

  it('sends a single text larger than the body limit alone', async () => {
    const { engine, server } = await engineFor();
    const huge = 'x'.repeat(MAX_BODY + 10);
    const results = await engine.translate(['before', huge, 'after'], { source: 'EN', target: 'DE' });
    expect(results.map((result) => result.text)).toEqual(['DE:before', `DE:${huge}`, 'DE:after']);
    expect(translateRequests(server).map((request) => new URLSearchParams(request.body).getAll('text'))).toEqual([
      ['before'],
      [huge],
      ['after'],
    ]);
  });

  it('runs at most 4 upstream requests at once', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const { engine, server } = await engineFor((request, response) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        fakeDeepL(request, response);
      }, 30);
    });
    await engine.translate(
      Array.from({ length: 500 }, (_, i) => `t${i}`),
      { target: 'DE' },
    );
    expect(translateRequests(server)).toHaveLength(10);
    expect(maxInFlight).toBe(4);
  });

  it('posts a form body exactly as DeepL expects: options once, one repeated text= per text', async () => {
    const { engine, server } = await engineFor();
    await engine.translate(['Hello world', 'a&b=c', 'Grüße'], {
      source: 'EN',
      target: 'PT-BR',
      formality: 'prefer_less',
      modelType: 'quality_optimized',
      context: 'a greeting',
    });
    const [request] = translateRequests(server);
    expect(request!.method).toBe('POST');
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.body).toBe(
      'target_lang=PT-BR&source_lang=EN&formality=prefer_less&model_type=quality_optimized&context=a+greeting&text=Hello+world&text=a%26b%3Dc&text=Gr%C3%BC%C3%9Fe',
    );
  });

  it('forwards the tag options with tag_handling_version, and every custom instruction as its own field', async () => {
    const { engine, server } = await engineFor();
    await engine.translate(['<b>Hi</b>'], {
      target: 'DE',
      format: { tagHandling: 'xml', splittingTags: [], nonSplittingTags: [], outlineDetection: true, version: 'v2' },
      customInstructions: ['Use a formal tone.', 'Keep it short.'],
    });
    const form = new URLSearchParams(translateRequests(server)[0]!.body);
    expect(form.get('tag_handling')).toBe('xml');
    expect(form.get('tag_handling_version')).toBe('v2');
    expect(form.getAll('custom_instructions')).toEqual(['Use a formal tone.', 'Keep it short.']);
  });

  it('leaves out source_lang, formality, model_type and context when not given', async () => {
    const { engine, server } = await engineFor();
    await engine.translate(['Hi'], { target: 'DE' });
    expect(translateRequests(server)[0]!.body).toBe('target_lang=DE&text=Hi');
  });

  it('sends the Authorization: DeepL-Auth-Key header on every request', async () => {
    const { engine, server } = await engineFor();
    await engine.translate(['Hi'], { target: 'DE' });
    await engine.languages();
    await engine.checkReady();
    expect(server.requests).toHaveLength(4);
    for (const request of server.requests) expect(request.headers.authorization).toBe(`DeepL-Auth-Key ${KEY}`);
  });

  it('upper-cases the detected source language and passes model_type_used on', async () => {
    const { engine } = await engineFor();
    const [result] = await engine.translate(['Hallo'], { target: 'EN-US', modelType: 'prefer_quality_optimized' });
    expect(result).toEqual({ text: 'EN-US:Hallo', detectedSource: 'EN', modelTypeUsed: 'quality_optimized' });
    const [plain] = await engine.translate(['Hallo'], { target: 'EN-US' });
    expect(plain).toEqual({ text: 'EN-US:Hallo', detectedSource: 'EN' });
  });

  it('returns no results and calls nothing for no segments', async () => {
    const { engine, server } = await engineFor();
    expect(await engine.translate([], { target: 'DE' })).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });
});

describe('DeepLEngine errors', () => {
  it.each([429, 500, 503, 529])('turns an upstream %i into UNAVAILABLE', async (status) => {
    const { engine } = await engineFor(answerWith(status, { message: 'busy' }));
    const error = await engineError(engine.translate(['Hi'], { target: 'DE' }));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toContain(String(status));
  });

  it('turns an upstream 403 into UNAVAILABLE blaming the configured key, without revealing it', async () => {
    const { engine } = await engineFor(answerWith(403, { message: `Invalid key ${KEY}` }));
    const error = await engineError(engine.translate(['Hi'], { target: 'DE' }));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toContain('the upstream rejected the configured key');
    expect(error.message).not.toContain(KEY);
  });

  it.each([
    [400, "Value for 'target_lang' not supported."],
    [404, 'Glossary not found'],
    [413, 'Request Entity Too Large'],
    [456, 'Quota for this billing period has been exceeded.'],
  ])('passes an upstream %i on as UPSTREAM_REJECTED with the upstream message and status', async (status, message) => {
    const { engine } = await engineFor(answerWith(status, { message }));
    const error = await engineError(engine.translate(['Hi'], { target: 'DE' }));
    expect(error.code).toBe('UPSTREAM_REJECTED');
    expect(error.message).toBe(message);
    expect(error.upstreamStatus).toBe(status);
  });

  it('never puts the upstream key into a rejection message that echoes it', async () => {
    const { engine } = await engineFor(answerWith(400, { message: `bad request for key ${KEY}` }));
    const error = await engineError(engine.translate(['Hi'], { target: 'DE' }));
    expect(error.message).toBe('bad request for key ***');
  });

  it('turns a network failure into UNAVAILABLE', async () => {
    const engine = new DeepLEngine({ url: await closedPortUrl(), key: KEY });
    const error = await engineError(engine.translate(['Hi'], { target: 'DE' }));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toContain('could not reach the DeepL upstream');
    expect(error.message).not.toContain(KEY);
  });

  it('turns an upstream that does not answer within timeoutMs into UNAVAILABLE', async () => {
    const { engine } = await engineFor(() => undefined, { timeoutMs: 150 });
    const started = Date.now();
    const error = await engineError(engine.translate(['Hi'], { target: 'DE' }));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toContain('did not answer within 150 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('turns an answer of the wrong shape into UNAVAILABLE', async () => {
    const { engine } = await engineFor(answerWith(200, { translations: [] }));
    expect((await engineError(engine.translate(['Hi'], { target: 'DE' }))).code).toBe('UNAVAILABLE');
  });

  it('aborts the upstream request when the signal fires and fails with ABORTED', async () => {
    let closedByClient = false;
    const { engine } = await engineFor((_request, response) => {
      response.on('close', () => (closedByClient = true));
    });
    const controller = new AbortController();
    const work = engine.translate(['Hi'], { target: 'DE', signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await engineError(work)).code).toBe('ABORTED');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closedByClient).toBe(true);
  });

  it('fails with ABORTED without calling the upstream when the signal has already fired', async () => {
    const { engine, server } = await engineFor();
    const error = await engineError(engine.translate(['Hi'], { target: 'DE', signal: AbortSignal.abort() }));
    expect(error.code).toBe('ABORTED');
    expect(server.requests).toHaveLength(0);
  });

  it('stops the remaining batches when one batch fails', async () => {
    let calls = 0;
    const { engine, server } = await engineFor((request, response) => {
      if (calls++ === 0) sendJson(response, 456, { message: 'Quota exceeded' });
      else setTimeout(() => fakeDeepL(request, response), 100);
    });
    const error = await engineError(
      engine.translate(
        Array.from({ length: 500 }, (_, i) => `t${i}`),
        { target: 'DE' },
      ),
    );
    expect(error.code).toBe('UPSTREAM_REJECTED');
    expect(translateRequests(server).length).toBeLessThanOrEqual(4);
  });

  it('fails with CLOSED after close()', async () => {
    const { engine } = await engineFor();
    await engine.close();
    expect((await engineError(engine.translate(['Hi'], { target: 'DE' }))).code).toBe('CLOSED');
    expect((await engineError(engine.languages())).code).toBe('CLOSED');
  });
});

describe('DeepLEngine.languages', () => {
  it('pairs every source with every target of another language, upper-cased, and lists formality targets', async () => {
    const { engine } = await engineFor();
    const languages = await engine.languages();
    const pairs = languages.pairs.map((pair) => `${pair.source}>${pair.target}`).sort();
    expect(pairs).toEqual(['DE>EN-GB', 'DE>EN-US', 'DE>PT-BR', 'EN>DE', 'EN>PT-BR', 'PT>DE', 'PT>EN-GB', 'PT>EN-US'].sort());
    expect(languages.formalityTargets.sort()).toEqual(['DE', 'PT-BR']);
  });

  it('reads both lists with type=source and type=target and keeps them for 10 minutes', async () => {
    const { engine, server } = await engineFor();
    const now = jest.spyOn(Date, 'now');
    const start = 1_000_000;
    now.mockReturnValue(start);
    await engine.languages();
    now.mockReturnValue(start + 9 * 60 * 1000);
    await engine.languages();
    expect(server.requests.map((request) => request.path).sort()).toEqual(['/v2/languages?type=source', '/v2/languages?type=target']);
    now.mockReturnValue(start + 11 * 60 * 1000);
    await engine.languages();
    expect(server.requests).toHaveLength(4);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const { engine } = await engineFor((request, response) =>
      fail ? sendJson(response, 500, { message: 'down' }) : fakeDeepL(request, response),
    );
    expect((await engineError(engine.languages())).code).toBe('UNAVAILABLE');
    fail = false;
    expect((await engine.languages()).pairs.length).toBeGreaterThan(0);
  });
});

describe('DeepLEngine.checkReady', () => {
  it('resolves when GET /v2/usage answers 2xx', async () => {
    const { engine, server } = await engineFor();
    await engine.checkReady();
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v2/usage']);
  });

  it.each([400, 403, 404, 456, 500])('throws UNAVAILABLE when GET /v2/usage answers %i', async (status) => {
    const { engine } = await engineFor(answerWith(status, { message: 'no' }));
    expect((await engineError(engine.checkReady())).code).toBe('UNAVAILABLE');
  });

  it('throws UNAVAILABLE when the upstream cannot be reached', async () => {
    const engine = new DeepLEngine({ url: await closedPortUrl(), key: KEY });
    expect((await engineError(engine.checkReady())).code).toBe('UNAVAILABLE');
  });
});
