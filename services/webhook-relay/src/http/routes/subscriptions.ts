import { CreateSubscriptionRequest, ListSubscriptionsQuery } from '@workspace/contracts';
import type { Express, RequestHandler } from 'express';
import { createSubscription, deleteSubscription, listSubscriptions } from '../../domain/subscriptions/subscriptions.js';
import type { Deps } from '../../deps.js';
import { idParam, parseInput } from '../parse.js';
import { presentPage, presentSubscription } from '../presenters.js';
import { tenantHandler } from '../tenant-handler.js';

export function registerSubscriptionRoutes(app: Express, deps: Deps, json: RequestHandler): void {
  const { runtime } = deps;
  app.post(
    '/v1/subscriptions',
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const input = parseInput(CreateSubscriptionRequest, req.body);
      return {
        status: 201,
        body: presentSubscription(await createSubscription({ tx, tenantId: principal.tenantId, runtime, actor: principal.actor, input })),
      };
    }),
  );
  app.get(
    '/v1/subscriptions',
    tenantHandler(deps, async ({ req, tx }) => {
      const query = parseInput(ListSubscriptionsQuery, req.query);
      const page = await listSubscriptions({
        tx,
        page: query,
        ...(query.endpoint_id ? { endpointId: query.endpoint_id } : {}),
        ...(query.destination_id ? { destinationId: query.destination_id } : {}),
      });
      return { status: 200, body: presentPage(page, presentSubscription) };
    }),
  );
  app.delete(
    '/v1/subscriptions/:subscription_id',
    tenantHandler(deps, async ({ req, tx, principal }) => {
      await deleteSubscription({
        tx,
        tenantId: principal.tenantId,
        runtime,
        actor: principal.actor,
        subscriptionId: idParam(req, 'subscription_id'),
      });
      return { status: 204, body: null };
    }),
  );
}
