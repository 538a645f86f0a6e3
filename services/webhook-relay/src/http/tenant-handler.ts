import type { Request, RequestHandler, Response } from 'express';
import type { TenantTx } from '../db/prisma.js';
import type { Principal } from '../domain/api-keys/authenticate-api-key.js';
import { answerOnce, type Answer } from '../domain/idempotency/answer-once.js';
import type { Deps } from '../deps.js';
import { principalOf } from './authenticate.js';

export interface TenantRequest {
  req: Request;
  tx: TenantTx;
  principal: Principal;
}

/**
 * A /v1 handler: its work runs in one transaction scoped to the caller's tenant. POSTs honour
 * `Idempotency-Key` inside that same transaction, so a stored answer and its effects commit together.
 */
export function tenantHandler(deps: Deps, work: (request: TenantRequest) => Promise<Answer>): RequestHandler {
  return async (req, res) => {
    const principal = principalOf(res);
    const key = req.method === 'POST' ? req.get('idempotency-key') : undefined;
    const answer = await deps.tenants.run(principal.tenantId, (tx) => {
      const run = () => work({ req, tx, principal });
      if (key === undefined) return run().then((result) => ({ ...result, replayed: false }));
      return answerOnce({
        tx,
        tenantId: principal.tenantId,
        runtime: deps.runtime,
        sealed: deps.sealed,
        ttlSeconds: deps.config.IDEMPOTENCY_TTL_SECONDS,
        key,
        method: req.method,
        path: req.originalUrl,
        body: req.body,
        work: run,
      });
    });
    send(res, answer, answer.replayed);
  };
}

function send(res: Response, answer: Answer, replayed: boolean): void {
  if (replayed) res.setHeader('Idempotent-Replayed', 'true');
  if (answer.status === 204) {
    res.status(204).end();
    return;
  }
  res.status(answer.status).json(answer.body);
}
