import { ListDeliveriesQuery, ReplayRequest, type ReplayResult } from '@workspace/contracts';
import type { Express, RequestHandler } from 'express';
import { findDelivery, listDeliveriesByQuery } from '../../domain/deliveries/list-deliveries.js';
import { replayEvents } from '../../domain/deliveries/replay-events.js';
import { RelayError } from '../../domain/relay-error.js';
import type { Deps } from '../../deps.js';
import { idParam, parseInput } from '../parse.js';
import { presentDelivery, presentDeliveryDetail, presentPage } from '../presenters.js';
import { tenantHandler } from '../tenant-handler.js';

export function registerDeliveryRoutes(app: Express, deps: Deps, json: RequestHandler): void {
  const { runtime } = deps;
  app.get(
    '/v1/deliveries',
    tenantHandler(deps, async ({ req, tx }) => {
      const page = await listDeliveriesByQuery(tx, parseInput(ListDeliveriesQuery, req.query));
      return { status: 200, body: presentPage(page, presentDelivery) };
    }),
  );
  app.get(
    '/v1/deliveries/:delivery_id',
    tenantHandler(deps, async ({ req, tx }) => ({
      status: 200,
      body: presentDeliveryDetail(await findDelivery(tx, idParam(req, 'delivery_id'))),
    })),
  );
  app.post('/v1/replays', json, async (req, res, next) => {
    // The new deliveries commit first (tenantHandler's transaction); their jobs are added after it.
    let jobs: Awaited<ReturnType<typeof replayEvents>>['jobs'] = [];
    const handler = tenantHandler(deps, async ({ req: request, tx, principal }) => {
      const input = parseInput(ReplayRequest, request.body);
      if (!deps.delivery) throw new RelayError('unavailable', 'delivery is not configured on this server');
      jobs = (await replayEvents({ tx, tenantId: principal.tenantId, runtime, actor: principal.actor, input })).jobs;
      return {
        status: 201,
        body: {
          destination_id: input.destination_id,
          replayed: jobs.length,
          delivery_ids: jobs.map((job) => job.deliveryId),
        } satisfies ReplayResult,
      };
    });
    try {
      await handler(req, res, next);
      // A failure here leaves the rows for the reconciler; the answer already went out.
      if (jobs.length)
        await deps
          .delivery!.queues.enqueue(jobs)
          .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not queue replayed deliveries; the reconciler will'));
    } catch (error) {
      next(error);
    }
  });
}
