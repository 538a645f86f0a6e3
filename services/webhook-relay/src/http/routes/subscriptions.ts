import {
  CreateSubscriptionRequest,
  ListSubscriptionsQuery,
  SubscriptionFilterDryRunRequest,
  UpdateSubscriptionRequest,
} from '@workspace/contracts';
import type { Express, RequestHandler } from 'express';
import { dryRunSubscriptionFilter } from '../../domain/subscriptions/dry-run-subscription-filter.js';
import { createSubscription, deleteSubscription, listSubscriptions } from '../../domain/subscriptions/subscriptions.js';
import { updateSubscription } from '../../domain/subscriptions/update-subscription.js';
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
  app.post(
    '/v1/subscriptions/dry-run',
    json,
    tenantHandler(deps, async ({ req, tx }) => {
      const input = parseInput(SubscriptionFilterDryRunRequest, req.body);
      return { status: 200, body: await dryRunSubscriptionFilter({ tx, input }) };
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
  app.patch(
    '/v1/subscriptions/:subscription_id',
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const input = parseInput(UpdateSubscriptionRequest, req.body);
      const subscription = await updateSubscription({
        tx,
        tenantId: principal.tenantId,
        runtime,
        actor: principal.actor,
        subscriptionId: idParam(req, 'subscription_id'),
        input,
      });
      return { status: 200, body: presentSubscription(subscription) };
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
