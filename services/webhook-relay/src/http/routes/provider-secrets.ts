import {
  AddProviderSecretRequest,
  type ProviderSecretList,
  type RotatedProviderSecrets,
  RotateProviderSecretRequest,
} from '@workspace/contracts';
import type { Express, RequestHandler } from 'express';
import { addProviderSecret } from '../../domain/provider-secrets/add-provider-secret.js';
import { listProviderSecrets } from '../../domain/provider-secrets/list-provider-secrets.js';
import { removeProviderSecret } from '../../domain/provider-secrets/remove-provider-secret.js';
import { rotateProviderSecrets } from '../../domain/provider-secrets/rotate-provider-secrets.js';
import type { Deps } from '../../deps.js';
import { idParam, parseInput } from '../parse.js';
import { presentProviderSecret } from '../presenters.js';
import { tenantHandler } from '../tenant-handler.js';

const BASE = '/v1/endpoints/:endpoint_id/secrets';

export function registerProviderSecretRoutes(app: Express, deps: Deps, json: RequestHandler): void {
  const { runtime, sealed } = deps;
  const present = (secret: Parameters<typeof presentProviderSecret>[0]) => presentProviderSecret(secret, runtime.now());

  app.get(
    BASE,
    tenantHandler(deps, async ({ req, tx }) => ({
      status: 200,
      body: {
        data: (await listProviderSecrets({ tx, endpointId: idParam(req, 'endpoint_id') })).map(present),
      } satisfies ProviderSecretList,
    })),
  );
  app.post(
    BASE,
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const endpointId = idParam(req, 'endpoint_id');
      const input = parseInput(AddProviderSecretRequest, req.body);
      const secret = await addProviderSecret({
        tx,
        tenantId: principal.tenantId,
        runtime,
        sealed,
        actor: principal.actor,
        endpointId,
        secret: input.secret,
        label: input.label ?? null,
        expiresAt: input.expires_at ? new Date(input.expires_at) : null,
      });
      return { status: 201, body: present(secret) };
    }),
  );
  app.post(
    `${BASE}/rotate`,
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const endpointId = idParam(req, 'endpoint_id');
      const input = parseInput(RotateProviderSecretRequest, req.body);
      const rotated = await rotateProviderSecrets({
        tx,
        tenantId: principal.tenantId,
        runtime,
        sealed,
        actor: principal.actor,
        endpointId,
        secret: input.secret,
        label: input.label ?? null,
        previousExpireInSeconds: input.previous_expire_in_seconds ?? 86_400,
      });
      return {
        status: 201,
        body: { secret: present(rotated.secret), previous: rotated.previous.map(present) } satisfies RotatedProviderSecrets,
      };
    }),
  );
  app.delete(
    `${BASE}/:secret_id`,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      await removeProviderSecret({
        tx,
        tenantId: principal.tenantId,
        runtime,
        actor: principal.actor,
        endpointId: idParam(req, 'endpoint_id'),
        secretId: idParam(req, 'secret_id'),
      });
      return { status: 204, body: null };
    }),
  );
}
