import { createHash } from 'node:crypto';
import { IdempotencyKey } from '@workspace/contracts';
import { toBytes } from '../../db/bytes.js';
import type { TenantTx } from '../../db/prisma.js';
import { RelayError } from '../relay-error.js';
import type { Runtime } from '../runtime.js';
import type { SealedValues } from '../sealed-values.js';

export interface Answer {
  status: number;
  body: unknown;
}

export interface AnswerOnceOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  sealed: SealedValues;
  ttlSeconds: number;
  key: string;
  method: string;
  path: string;
  body: unknown;
  work: () => Promise<Answer>;
}

/**
 * `Idempotency-Key`: the first request with a key runs and its answer is stored in the same
 * transaction as its effects; a retry with the same key and body gets that answer back, a reuse
 * with another body or route gets 422. Concurrent requests with one key take turns on a
 * transaction lock, so the second sees the first's answer rather than running twice. Answers are
 * sealed: one may hold a secret shown once. Failed requests store nothing and may be retried.
 */
export async function answerOnce(options: AnswerOnceOptions): Promise<Answer & { replayed: boolean }> {
  const { tx, tenantId, runtime, key } = options;
  const valid = IdempotencyKey.safeParse(key);
  if (!valid.success) throw new RelayError('invalid_request', valid.error.issues[0]!.message);
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`webhook-relay:idempotency:${tenantId}:${key}`}, 0))`;
  const requestHash = createHash('sha256')
    .update(`${options.method} ${options.path}\n${JSON.stringify(options.body ?? null)}`)
    .digest();
  const now = runtime.now();
  const stored = await tx.idempotencyRecord.findUnique({ where: { tenantId_key: { tenantId, key } } });
  if (stored && stored.expiresAt > now) {
    if (!Buffer.from(stored.requestHash).equals(requestHash)) {
      throw new RelayError(
        'idempotency_key_reused',
        `Idempotency-Key "${key}" was already used for a different request (${stored.method} ${stored.path}); use a new key`,
      );
    }
    const body = JSON.parse(
      await options.sealed.open(tx, tenantId, 'idempotent_response', recordId(key), stored.responseCiphertext),
    ) as unknown;
    return { status: stored.status, body, replayed: true };
  }
  if (stored) await tx.idempotencyRecord.delete({ where: { tenantId_key: { tenantId, key } } });

  const answer = await options.work();
  await tx.idempotencyRecord.create({
    data: {
      tenantId,
      key,
      method: options.method,
      path: options.path,
      requestHash: toBytes(requestHash),
      status: answer.status,
      responseCiphertext: toBytes(
        await options.sealed.seal(tx, tenantId, 'idempotent_response', recordId(key), JSON.stringify(answer.body ?? null)),
      ),
      createdAt: now,
      expiresAt: new Date(now.getTime() + options.ttlSeconds * 1000),
    },
  });
  return { ...answer, replayed: false };
}

const recordId = (key: string) => `idempotency:${key}`;
