import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { ServerResponse } from 'node:http';
import { EngineError } from '../../src/engine/engine-error.js';
import { LibreTranslateEngine } from '../../src/engine/libretranslate/libretranslate-engine.js';
import { closedPortUrl, sendJson, startFakeUpstream, type FakeUpstream, type RecordedRequest } from '../helpers/fake-upstream.js';

const KEY = 'libre-secret-key';
const MAX_BODY = 120 * 1024;
let upstream: FakeUpstream | undefined;

afterEach(async () => {
  jest.restoreAllMocks();
  await upstream?.close();
  upstream = undefined;
});

interface LibreLanguage {
  code: string;
  name: string;
  targets: string[];
}

/** LibreTranslate 1.6+ style list: pt-BR, zh-Hans and zh-Hant listed separately. */
const MODERN: LibreLanguage[] = [
  { code: 'en', name: 'English', targets: ['en', 'es', 'pt', 'pt-BR', 'zh-Hans', 'zh-Hant'] },
  { code: 'es', name: 'Spanish', targets: ['en', 'es', 'pt'] },
  { code: 'pt', name: 'Portuguese', targets: ['en', 'es'] },
  { code: 'pt-BR', name: 'Portuguese (Brazil)', targets: ['en', 'pt'] },
  { code: 'zh-Hans', name: 'Chinese', targets: ['en'] },
  { code: 'zh-Hant', name: 'Chinese (traditional)', targets: ['en'] },
];

/** An older list: plain pt and zh only. */
const OLDER: LibreLanguage[] = [
  { code: 'en', name: 'English', targets: ['es', 'pt', 'zh'] },
  { code: 'pt', name: 'Portuguese', targets: ['en'] },
  { code: 'zh', name: 'Chinese', targets: ['en'] },
];

/** A fake LibreTranslate: translates each q item to `<source>-><target>:<text>`. */
function fakeLibre(languages: LibreLanguage[] = MODERN) {
  return (request: RecordedRequest, response: ServerResponse) => {
    if (request.method === 'GET' && request.path === '/languages') return sendJson(response, 200, languages);
    if (request.method === 'POST' && request.path === '/translate') {
      const body = JSON.parse(request.body) as { q: string[]; source: string; target: string };
      return sendJson(response, 200, { translatedText: body.q.map((text) => `${body.source}->${body.target}:${text}`) });
    }
    sendJson(response, 404, { error: 'Not Found' });
  };
}

async function engineFor(handler = fakeLibre(), options: { key?: string; timeoutMs?: number } = {}) {
  upstream = await startFakeUpstream(handler);
  return { engine: new LibreTranslateEngine({ url: upstream.url, ...options }), server: upstream };
}

function translateRequests(server: FakeUpstream): RecordedRequest[] {
  return server.requests.filter((request) => request.path === '/translate');
}

/** Serves the language list normally and answers /translate through `translate`. */
function translateWith(translate: (request: RecordedRequest, response: ServerResponse) => void) {
  const normal = fakeLibre();
  return (request: RecordedRequest, response: ServerResponse) =>
    request.path === '/translate' ? translate(request, response) : normal(request, response);
}

async function engineError(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

function pairList(pairs: Array<{ source: string; target: string }>): string[] {
  return pairs.map((pair) => `${pair.source}>${pair.target}`).sort();
}

describe('LibreTranslateEngine.translate', () => {
  it('posts JSON {q, source, target, format: text, api_key} and maps translatedText back in order', async () => {
    const { engine, server } = await engineFor(fakeLibre(), { key: KEY });
    const results = await engine.translate(['Hello', 'World'], { source: 'EN', target: 'ES' });
    expect(results).toEqual([
      { text: 'en->es:Hello', detectedSource: 'EN' },
      { text: 'en->es:World', detectedSource: 'EN' },
    ]);
    const [request] = translateRequests(server);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({ q: ['Hello', 'World'], source: 'en', target: 'es', format: 'text', api_key: KEY });
  });

  it('leaves api_key out when no key is configured', async () => {
    const { engine, server } = await engineFor();
    await engine.translate(['Hello'], { source: 'EN', target: 'ES' });
    expect(JSON.parse(translateRequests(server)[0]!.body)).toEqual({ q: ['Hello'], source: 'en', target: 'es', format: 'text' });
  });

  it('splits large inputs into requests below 120 KiB and keeps the input order', async () => {
    const { engine, server } = await engineFor();
    const texts = Array.from({ length: 60 }, (_, i) => `${i} ${'ü'.repeat(5000)}`).concat(
      Array.from({ length: 200 }, (_, i) => `short ${i}`),
    );
    const results = await engine.translate(texts, { source: 'EN', target: 'ES' });
    expect(results.map((result) => result.text)).toEqual(texts.map((text) => `en->es:${text}`));
    const requests = translateRequests(server);
    expect(requests.length).toBeGreaterThan(3);
    for (const request of requests) expect(Buffer.byteLength(request.body)).toBeLessThanOrEqual(MAX_BODY);
  });

  it('sends a single text larger than the limit alone', async () => {
    const { engine, server } = await engineFor();
    const huge = 'y'.repeat(MAX_BODY + 1);
    await engine.translate(['a', huge, 'b'], { source: 'EN', target: 'ES' });
    expect(translateRequests(server).map((request) => (JSON.parse(request.body) as { q: string[] }).q)).toEqual([['a'], [huge], ['b']]);
  });

  it.each([
    ['EN-GB', 'en'],
    ['EN-US', 'en'],
    ['PT-PT', 'pt'],
    ['PT-BR', 'pt-BR'],
    ['ZH-HANS', 'zh-Hans'],
    ['ZH-HANT', 'zh-Hant'],
    ['ES', 'es'],
  ])('maps target %s to %s when the server lists the variants', async (target, expected) => {
    const { engine, server } = await engineFor();
    await engine.translate(['x'], { source: target.startsWith('EN') ? 'ES' : 'EN', target });
    expect((JSON.parse(translateRequests(server)[0]!.body) as { target: string }).target).toBe(expected);
  });

  it.each([
    ['PT-BR', 'pt'],
    ['ZH-HANS', 'zh'],
  ])('maps target %s to %s when the server lists only the base language', async (target, expected) => {
    const { engine, server } = await engineFor(fakeLibre(OLDER));
    await engine.translate(['x'], { source: 'EN', target });
    expect((JSON.parse(translateRequests(server)[0]!.body) as { target: string }).target).toBe(expected);
  });

  it('maps source ZH to the Chinese code the server lists', async () => {
    const modern = await engineFor();
    await modern.engine.translate(['x'], { source: 'ZH', target: 'EN-US' });
    expect(JSON.parse(translateRequests(modern.server)[0]!.body)).toMatchObject({ source: 'zh-Hans', target: 'en' });
    await modern.server.close();
    const older = await engineFor(fakeLibre(OLDER));
    await older.engine.translate(['x'], { source: 'ZH', target: 'EN-US' });
    expect(JSON.parse(translateRequests(older.server)[0]!.body)).toMatchObject({ source: 'zh', target: 'en' });
  });

  it('refuses a call without a source with UNSUPPORTED_PAIR, since LibreTranslate is not asked to detect', async () => {
    const { engine, server } = await engineFor();
    expect(engine.detectsSource).toBe(false);
    expect((await engineError(engine.translate(['x'], { target: 'ES' }))).code).toBe('UNSUPPORTED_PAIR');
    expect(server.requests).toHaveLength(0);
  });
});

describe('LibreTranslateEngine errors', () => {
  it('passes a 400 on as UPSTREAM_REJECTED with its error message', async () => {
    const { engine } = await engineFor(translateWith((_request, response) => sendJson(response, 400, { error: 'es is not supported' })));
    const error = await engineError(engine.translate(['x'], { source: 'EN', target: 'ES' }));
    expect(error.code).toBe('UPSTREAM_REJECTED');
    expect(error.upstreamStatus).toBe(400);
    expect(error.message).toBe('es is not supported');
  });

  it('turns a 403 into UNAVAILABLE blaming the configured key, without revealing it', async () => {
    const { engine } = await engineFor(
      translateWith((_request, response) => sendJson(response, 403, { error: `Invalid API key ${KEY}` })),
      { key: KEY },
    );
    const error = await engineError(engine.translate(['x'], { source: 'EN', target: 'ES' }));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toContain('the upstream rejected the configured key');
    expect(error.message).not.toContain(KEY);
  });

  it.each([429, 500, 502])('turns a %i into UNAVAILABLE', async (status) => {
    const { engine } = await engineFor(translateWith((_request, response) => sendJson(response, status, { error: 'Slowdown' })));
    const error = await engineError(engine.translate(['x'], { source: 'EN', target: 'ES' }));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toContain(String(status));
  });

  it('turns a network failure into UNAVAILABLE', async () => {
    const engine = new LibreTranslateEngine({ url: await closedPortUrl(), key: KEY });
    const error = await engineError(engine.translate(['x'], { source: 'EN', target: 'ES' }));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).not.toContain(KEY);
  });

  it('turns a server that does not answer within timeoutMs into UNAVAILABLE', async () => {
    const { engine } = await engineFor(
      translateWith(() => undefined),
      { timeoutMs: 150 },
    );
    const error = await engineError(engine.translate(['x'], { source: 'EN', target: 'ES' }));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toContain('did not answer within 150 ms');
  });

  it('turns a translatedText that does not match the input into UNAVAILABLE', async () => {
    const { engine } = await engineFor(translateWith((_request, response) => sendJson(response, 200, { translatedText: 'one string' })));
    expect((await engineError(engine.translate(['a', 'b'], { source: 'EN', target: 'ES' }))).code).toBe('UNAVAILABLE');
  });

  it('aborts the upstream request when the signal fires and fails with ABORTED', async () => {
    // In order, not on timers: the upstream has the request (and never answers), then the signal fires; the
    // upstream must then see its connection closed by the client (the test's timeout bounds the wait).
    let received!: () => void;
    const arrived = new Promise<void>((resolve) => (received = resolve));
    let closed!: () => void;
    const closedByClient = new Promise<void>((resolve) => (closed = resolve));
    const { engine } = await engineFor(
      translateWith((_request, response) => {
        response.on('close', () => closed());
        received();
      }),
    );
    const controller = new AbortController();
    const work = engine.translate(['x'], { source: 'EN', target: 'ES', signal: controller.signal });
    await arrived;
    controller.abort();
    expect((await engineError(work)).code).toBe('ABORTED');
    await closedByClient;
  });

  it('fails with CLOSED after close()', async () => {
    const { engine } = await engineFor();
    await engine.close();
    expect((await engineError(engine.translate(['x'], { source: 'EN', target: 'ES' }))).code).toBe('CLOSED');
  });
});

describe('LibreTranslateEngine.languages', () => {
  it('maps pairs to DeepL codes: en to EN-GB and EN-US, pt to PT-PT, pt-BR to PT-BR, zh-Hans/zh-Hant to ZH-HANS/ZH-HANT', async () => {
    const { engine } = await engineFor();
    const languages = await engine.languages();
    expect(pairList(languages.pairs)).toEqual(
      [
        'EN>ES',
        'EN>PT-PT',
        'EN>PT-BR',
        'EN>ZH-HANS',
        'EN>ZH-HANT',
        'ES>EN-GB',
        'ES>EN-US',
        'ES>PT-PT',
        'PT>EN-GB',
        'PT>EN-US',
        'PT>ES',
        'ZH>EN-GB',
        'ZH>EN-US',
      ].sort(),
    );
    expect(languages.formalityTargets).toEqual([]);
  });

  it('expands pt to both PT-PT and PT-BR and zh to ZH-HANS when the server lists no variants', async () => {
    const { engine } = await engineFor(fakeLibre(OLDER));
    expect(pairList((await engine.languages()).pairs)).toEqual([
      'EN>ES',
      'EN>PT-BR',
      'EN>PT-PT',
      'EN>ZH-HANS',
      'PT>EN-GB',
      'PT>EN-US',
      'ZH>EN-GB',
      'ZH>EN-US',
    ]);
  });

  it('reads GET /languages once for translations and listings within 10 minutes', async () => {
    const { engine, server } = await engineFor();
    const now = jest.spyOn(Date, 'now');
    now.mockReturnValue(5_000_000);
    await engine.languages();
    await engine.translate(['x'], { source: 'EN', target: 'ES' });
    expect(server.requests.filter((request) => request.path === '/languages')).toHaveLength(1);
    now.mockReturnValue(5_000_000 + 10 * 60 * 1000 + 1);
    await engine.languages();
    expect(server.requests.filter((request) => request.path === '/languages')).toHaveLength(2);
  });
});

describe('LibreTranslateEngine.checkReady', () => {
  it('resolves when GET /languages answers 2xx', async () => {
    const { engine, server } = await engineFor();
    await engine.checkReady();
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /languages']);
  });

  it.each([400, 403, 500])('throws UNAVAILABLE when GET /languages answers %i', async (status) => {
    const { engine } = await engineFor((_request, response) => sendJson(response, status, { error: 'no' }));
    expect((await engineError(engine.checkReady())).code).toBe('UNAVAILABLE');
  });

  it('throws UNAVAILABLE when the server cannot be reached', async () => {
    const engine = new LibreTranslateEngine({ url: await closedPortUrl() });
    expect((await engineError(engine.checkReady())).code).toBe('UNAVAILABLE');
  });
});
