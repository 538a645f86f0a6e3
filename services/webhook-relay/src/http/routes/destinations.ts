import {
  CreateDestinationRequest,
  type CreatedDestination,
  PauseDestinationRequest,
  RelayListQuery,
  RotateDestinationSecretRequest,
  type RotatedDestinationSecret,
  UpdateDestinationRequest,
} from '@workspace/contracts';
import type { Express, RequestHandler } from 'express';
import { pauseDestination, resumeDestination } from '../../domain/destinations/pause-destination.js';
import type { TenantRequest } from '../tenant-handler.js';
import type { Answer } from '../../domain/idempotency/answer-once.js';
import { createDestination } from '../../domain/destinations/create-destination.js';
import { deleteDestination } from '../../domain/destinations/delete-destination.js';
import { findDestination, listDestinations } from '../../domain/destinations/destination-view.js';
import { revokeDestinationSecret, rotateDestinationSecret } from '../../domain/destinations/rotate-destination-secret.js';
import { updateDestination } from '../../domain/destinations/update-destination.js';
import type { Deps } from '../../deps.js';
import { idParam, parseInput } from '../parse.js';
import { presentDestination, presentDestinationSecret, presentPage } from '../presenters.js';
import { tenantHandler } from '../tenant-handler.js';

export function registerDestinationRoutes(app: Express, deps: Deps, json: RequestHandler): void {
  const { runtime, sealed, egressGuard } = deps;
  // Workers find new and re-enabled destinations on their next pass; in-process ones are told at once.
  const changed = () => deps.delivery?.wake();
  /**
   * A handler whose change makes the destination's queue due now (resumed, enabled again): after its transaction
   * commits, the head's delayed job is made due and the destination woken, so no retry or probe wait is sat out.
   * A failure there leaves it to the retry it was waiting for (and the reconciler).
   */
  const dueAfterCommit = (work: (request: TenantRequest) => Promise<Answer & { due: boolean }>): RequestHandler => {
    return async (req, res, next) => {
      let due: { tenantId: string; destinationId: string } | undefined;
      const handler = tenantHandler(deps, async (request) => {
        const { due: isDue, ...answer } = await work(request);
        if (isDue) due = { tenantId: request.principal.tenantId, destinationId: idParam(request.req, 'destination_id') };
        return answer;
      });
      try {
        await handler(req, res, next);
      } catch (error) {
        next(error);
        return;
      }
      if (!due || !deps.delivery) return;
      changed();
      await deps.delivery.queues
        .dueNow(due, runtime.now().getTime())
        .catch((error: unknown) =>
          deps.logger.warn({ err: error, destination_id: due?.destinationId }, 'could not wake a resumed destination'),
        );
    };
  };

  app.post(
    '/v1/destinations',
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const input = parseInput(CreateDestinationRequest, req.body);
      const { destination, secret } = await createDestination({
        tx,
        tenantId: principal.tenantId,
        runtime,
        sealed,
        actor: principal.actor,
        input,
        egressGuard,
      });
      changed();
      return { status: 201, body: { ...presentDestination(destination, runtime.now()), secret } satisfies CreatedDestination };
    }),
  );
  app.get(
    '/v1/destinations',
    tenantHandler(deps, async ({ req, tx }) => {
      const page = await listDestinations({ tx, sealed, page: parseInput(RelayListQuery, req.query) });
      return { status: 200, body: presentPage(page, (item) => presentDestination(item, runtime.now())) };
    }),
  );
  app.get(
    '/v1/destinations/:destination_id',
    tenantHandler(deps, async ({ req, tx }) => ({
      status: 200,
      body: presentDestination(await findDestination(tx, sealed, idParam(req, 'destination_id')), runtime.now()),
    })),
  );
  app.patch(
    '/v1/destinations/:destination_id',
    json,
    dueAfterCommit(async ({ req, tx, principal }) => {
      const destinationId = idParam(req, 'destination_id');
      const changes = parseInput(UpdateDestinationRequest, req.body);
      const destination = await updateDestination({
        tx,
        tenantId: principal.tenantId,
        runtime,
        sealed,
        actor: principal.actor,
        destinationId,
        changes,
        egressGuard,
      });
      changed();
      return { status: 200, body: presentDestination(destination, runtime.now()), due: changes.enabled === true };
    }),
  );
  app.post(
    '/v1/destinations/:destination_id/pause',
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const destinationId = idParam(req, 'destination_id');
      const input = parseInput(PauseDestinationRequest, req.body ?? {});
      const destination = await pauseDestination({
        tx,
        tenantId: principal.tenantId,
        runtime,
        sealed,
        actor: principal.actor,
        destinationId,
        ...(input.reason ? { reason: input.reason } : {}),
      });
      return { status: 200, body: presentDestination(destination, runtime.now()) };
    }),
  );
  app.post(
    '/v1/destinations/:destination_id/resume',
    json,
    dueAfterCommit(async ({ req, tx, principal }) => {
      const destinationId = idParam(req, 'destination_id');
      const destination = await resumeDestination({
        tx,
        tenantId: principal.tenantId,
        runtime,
        sealed,
        actor: principal.actor,
        destinationId,
      });
      return { status: 200, body: presentDestination(destination, runtime.now()), due: true };
    }),
  );
  app.delete(
    '/v1/destinations/:destination_id',
    tenantHandler(deps, async ({ req, tx, principal }) => {
      await deleteDestination({
        tx,
        tenantId: principal.tenantId,
        runtime,
        sealed,
        actor: principal.actor,
        destinationId: idParam(req, 'destination_id'),
      });
      changed();
      return { status: 204, body: null };
    }),
  );
  app.post(
    '/v1/destinations/:destination_id/secrets/rotate',
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const destinationId = idParam(req, 'destination_id');
      const input = parseInput(RotateDestinationSecretRequest, req.body ?? {});
      const rotated = await rotateDestinationSecret({
        tx,
        tenantId: principal.tenantId,
        runtime,
        sealed,
        actor: principal.actor,
        destinationId,
        ...(input.secret ? { secret: input.secret } : {}),
        label: input.label ?? null,
        previousExpireInSeconds: input.previous_expire_in_seconds,
      });
      const now = runtime.now();
      return {
        status: 201,
        body: {
          secret: rotated.secret,
          created: presentDestinationSecret(rotated.created, now),
          previous: rotated.previous.map((item) => presentDestinationSecret(item, now)),
        } satisfies RotatedDestinationSecret,
      };
    }),
  );
  app.delete(
    '/v1/destinations/:destination_id/secrets/:secret_id',
    tenantHandler(deps, async ({ req, tx, principal }) => {
      await revokeDestinationSecret({
        tx,
        tenantId: principal.tenantId,
        runtime,
        sealed,
        actor: principal.actor,
        destinationId: idParam(req, 'destination_id'),
        secretId: idParam(req, 'secret_id'),
      });
      return { status: 204, body: null };
    }),
  );
}
