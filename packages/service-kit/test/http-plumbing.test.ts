import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { Writable } from 'node:stream';
import { createLogger, errorHandler, healthRoutes, HttpProblem, jsonBody, requestLogging } from '../src/index.js';

function memoryLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ service: 'test', destination }), lines };
}

class TeaError extends Error {}

function appWith(build: (app: express.Express, logger: ReturnType<typeof createLogger>) => void) {
  const { logger, lines } = memoryLogger();
  const app = express();
  app.use(requestLogging(logger, { newId: () => 'generated-id' }));
  app.use(jsonBody({ limit: 64 }));
  build(app, logger);
  app.use(
    errorHandler({
      mapError: (error) => (error instanceof TeaError ? { status: 418, body: { message: error.message } } : undefined),
      renderProblem: (_status, message) => ({ message }),
      logger,
    }),
  );
  return { app, lines };
}

describe('errorHandler', () => {
  const { app } = appWith((app) => {
    app.post('/echo', (req, res) => void res.json(req.body));
    app.get('/tea', () => {
      throw new TeaError('short and stout');
    });
    app.get('/problem', () => {
      throw new HttpProblem(422, 'not processable');
    });
    app.get('/boom', () => {
      throw new Error('secret internals at /srv/app.js:12');
    });
  });

  it("uses the service's own mapping first", async () => {
    const response = await request(app).get('/tea');
    expect(response.status).toBe(418);
    expect(response.body).toEqual({ message: 'short and stout' });
  });

  it('answers a known HTTP problem with its status', async () => {
    expect((await request(app).get('/problem')).status).toBe(422);
  });

  it('answers 400 with a message for malformed JSON', async () => {
    const response = await request(app).post('/echo').set('Content-Type', 'application/json').send('{"a":');
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^request body is not valid JSON/);
  });

  it('answers 413 naming the limit for a body over it', async () => {
    const response = await request(app)
      .post('/echo')
      .send({ text: 'x'.repeat(100) });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('request body is larger than the limit of 64 bytes');
  });

  it('answers 415 for a charset it cannot read', async () => {
    const response = await request(app).post('/echo').set('Content-Type', 'application/json; charset=klingon').send('{}');
    expect(response.status).toBe(415);
  });

  it('answers 500 without the error text or a stack trace for anything unexpected', async () => {
    const response = await request(app).get('/boom');
    expect(response.status).toBe(500);
    expect(JSON.stringify(response.body)).not.toContain('secret internals');
    expect(response.body.message).toContain('X-Request-Id');
  });
});

describe('requestLogging', () => {
  it('echoes an acceptable caller request id and logs one line with it', async () => {
    const { app, lines } = appWith((app) => app.get('/hello', (_req, res) => void res.send('hi')));
    const response = await request(app).get('/hello').set('X-Request-Id', 'abc-123');
    expect(response.headers['x-request-id']).toBe('abc-123');
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'abc-123', method: 'GET', route: '/hello', url: '/hello', status: 200, service: 'test' }),
    ]);
  });

  it('replaces a request id that could inject into logs', async () => {
    const { app } = appWith((app) => app.get('/hello', (_req, res) => void res.send('hi')));
    const response = await request(app).get('/hello').set('X-Request-Id', 'bad id\twith spaces');
    expect(response.headers['x-request-id']).toBe('generated-id');
  });

  it('never logs credentials', async () => {
    const { app, lines } = appWith((app, logger) =>
      app.get('/hello', (req, res) => {
        logger.info({ req: { headers: req.headers } }, 'inside');
        res.send('hi');
      }),
    );
    await request(app).get('/hello').set('Authorization', 'Bearer sk-live-secret').set('Cookie', 'sid=secret-cookie');
    const text = JSON.stringify(lines);
    expect(text).not.toContain('sk-live-secret');
    expect(text).not.toContain('secret-cookie');
    expect(text).toContain('[redacted]');
  });
});

describe('healthRoutes', () => {
  it('reports ready when every check passes, and names a failing one with 503', async () => {
    let databaseUp = true;
    const app = express();
    app.use(
      healthRoutes({
        database: async () => {
          if (!databaseUp) throw new Error('connection refused to db.internal:5432 as admin');
        },
        redis: async () => 'PONG',
      }),
    );
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await request(app).get('/readyz')).status).toBe(200);
    databaseUp = false;
    const response = await request(app).get('/readyz');
    expect(response.status).toBe(503);
    expect(response.body.checks).toEqual({ database: 'failing', redis: 'ok' });
    expect(JSON.stringify(response.body)).not.toContain('db.internal');
  });

  it('counts a check that hangs past the timeout as failing', async () => {
    const app = express();
    app.use(healthRoutes({ slow: () => new Promise(() => undefined) }, { timeoutMs: 50 }));
    expect((await request(app).get('/readyz')).status).toBe(503);
  });
});

describe('dependency outages', () => {
  const { app } = appWith((app) => {
    app.get('/db-down', () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    app.get('/wrapped', () => {
      throw new Error('query failed', { cause: Object.assign(new Error('server closed'), { code: 'P1017' }) });
    });
  });

  it('answers 503 with Retry-After, not 500, when a database cannot be reached', async () => {
    const response = await request(app).get('/db-down');
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body.message).toContain('temporarily unavailable');
    expect(JSON.stringify(response.body)).not.toContain('5432');
  });

  it('recognises an outage wrapped as the cause of another error', async () => {
    expect((await request(app).get('/wrapped')).status).toBe(503);
  });
});
