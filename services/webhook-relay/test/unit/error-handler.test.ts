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

  // Shapes as they arrive: Prisma over the pg adapter (a create, a raw query) and pg itself (a query on the pool).
  it.each([
    [
      'Prisma P2002',
      Object.assign(new Error('Unique constraint failed'), {
        code: 'P2002',
        meta: {
          modelName: 'Subscription',
          driverAdapterError: {
            cause: {
              kind: 'UniqueConstraintViolation',
              originalCode: '23505',
              constraint: { index: 'subscriptions_endpoint_id_destination_id_key' },
            },
          },
        },
      }),
    ],
    [
      'Prisma P2010 (raw query)',
      Object.assign(new Error('Raw query failed. Code: `23505`'), {
        code: 'P2010',
        meta: {
          driverAdapterError: {
            cause: {
              kind: 'UniqueConstraintViolation',
              originalCode: '23505',
              constraint: { index: 'subscriptions_endpoint_id_destination_id_key' },
            },
          },
        },
      }),
    ],
    [
      'pg SQLSTATE 23505',
      Object.assign(new Error('duplicate key value violates unique constraint'), {
        code: '23505',
        table: 'subscriptions',
        constraint: 'subscriptions_endpoint_id_destination_id_key',
        detail: 'Key (endpoint_id, destination_id)=(a, b) already exists.',
      }),
    ],
  ])('a unique violation (%s) is a 409 conflict naming what collided', async (_shape, error) => {
    const response = await request(appRaising(error)).get('/');
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: 'conflict',
      message: expect.stringMatching(/^this endpoint already has a subscription to this destination/),
    });
  });

  it('a unique violation on an index without a known description names its table and columns, never the values', async () => {
    const error = Object.assign(new Error('duplicate key'), {
      code: '23505',
      table: 'api_keys',
      constraint: 'api_keys_key_hash_key',
      detail: 'Key (key_hash)=(\\x0102) already exists.',
    });
    const response = await request(appRaising(error)).get('/');
    expect([response.status, response.body.error.code]).toEqual([409, 'conflict']);
    expect(response.body.error.message).toBe(
      'api_keys: a record with the same key_hash already exists (created by a request that ran at the same time)',
    );
    expect(response.body.error.message).not.toContain('0102');
  });

  it('an unexpected error is a 500 with the declared internal code and no stack', async () => {
    const response = await request(appRaising(new Error('secret detail at line 42'))).get('/');
    expect(response.status).toBe(500);
    expect(response.body.error.code).toBe('internal');
    expect(JSON.stringify(response.body)).not.toContain('secret detail');
  });
});
