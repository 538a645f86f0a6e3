// Whatever raises an error (our domain code, body parsers, the framework, an unexpected bug), the answer's
// code is one the contract declares: clients can switch on every code they may see.
import { describe, expect, it } from '@jest/globals';
import { RELAY_ERROR_CODES } from '@workspace/contracts';
import { createLogger } from '@workspace/service-kit';
import express from 'express';
import request from 'supertest';
import { RelayError } from '../../src/domain/relay-error.js';
import { relayErrorHandler } from '../../src/http/error-handler.js';

const FRAMEWORK_STATUSES = [400, 401, 403, 404, 405, 406, 409, 413, 415, 416, 422, 428, 431];

function appRaising(error: unknown): express.Express {
  const app = express();
  app.get('/', () => {
    throw error;
  });
  app.use(relayErrorHandler(createLogger({ service: 'relay-test', level: 'silent' })));
  return app;
}

describe('relay error answers', () => {
  it.each(FRAMEWORK_STATUSES)('a framework error with status %i keeps its status and gets a declared code', async (status) => {
    const error = Object.assign(new Error(`problem ${status}`), { status, expose: true });
    const response = await request(appRaising(error)).get('/');
    expect(response.status).toBe(status);
    expect(RELAY_ERROR_CODES).toContain(response.body.error.code);
    expect(response.body.error.message).toBe(`problem ${status}`);
  });

  it('a domain error answers its own code', async () => {
    const response = await request(appRaising(new RelayError('conflict', 'name taken'))).get('/');
    expect([response.status, response.body]).toEqual([409, { error: { code: 'conflict', message: 'name taken' } }]);
  });

  it('an unexpected error is a 500 with the declared internal code and no stack', async () => {
    const response = await request(appRaising(new Error('secret detail at line 42'))).get('/');
    expect(response.status).toBe(500);
    expect(response.body.error.code).toBe('internal');
    expect(JSON.stringify(response.body)).not.toContain('secret detail');
  });
});
