import { ActivateTransformationRequest, CreateTransformationRequest, TestTransformationRequest } from '@workspace/contracts';
import type { Express, RequestHandler } from 'express';
import type { Deps } from '../../deps.js';
import { activateTransformation } from '../../domain/transformations/activate-transformation.js';
import { createTransformation } from '../../domain/transformations/create-transformation.js';
import { testTransformation } from '../../domain/transformations/test-transformation.js';
import { listTransformations } from '../../domain/transformations/transformation-view.js';
import { idParam, parseInput } from '../parse.js';
import { presentDestination } from '../presenters.js';
import { tenantHandler, type TenantRequest } from '../tenant-handler.js';

const PATH = '/v1/destinations/:destination_id/transformations';

/** Transformations of a destination (docs/transformations.md): save a version, list, activate, try on an event. */
export function registerTransformationRoutes(app: Express, deps: Deps, json: RequestHandler): void {
  const { runtime, sealed } = deps;
  const changeOf = ({ req, tx, principal }: TenantRequest) => ({
    tx,
    tenantId: principal.tenantId,
    runtime,
    sealed,
    actor: principal.actor,
    destinationId: idParam(req, 'destination_id'),
  });

  app.post(
    PATH,
    json,
    tenantHandler(deps, async (request) => {
      const change = changeOf(request);
      const input = parseInput(CreateTransformationRequest, request.req.body);
      return { status: 201, body: await createTransformation({ ...change, input }) };
    }),
  );
  app.get(
    PATH,
    tenantHandler(deps, async ({ req, tx }) => ({ status: 200, body: await listTransformations(tx, idParam(req, 'destination_id')) })),
  );
  app.post(
    `${PATH}/activate`,
    json,
    tenantHandler(deps, async (request) => {
      const change = changeOf(request);
      const { version } = parseInput(ActivateTransformationRequest, request.req.body);
      const destination = await activateTransformation({ ...change, version });
      return { status: 200, body: presentDestination(destination, runtime.now()) };
    }),
  );
  app.post(
    `${PATH}/test`,
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const destinationId = idParam(req, 'destination_id');
      const input = parseInput(TestTransformationRequest, req.body);
      return { status: 200, body: await testTransformation({ tx, tenantId: principal.tenantId, runtime, destinationId, input }) };
    }),
  );
}
