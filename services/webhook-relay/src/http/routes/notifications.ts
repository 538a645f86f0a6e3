import {
  CreateNotificationTargetRequest,
  type CreatedNotificationTarget,
  ListNotificationsQuery,
  RelayListQuery,
  UpdateNotificationTargetRequest,
} from '@workspace/contracts';
import type { Express, RequestHandler } from 'express';
import { createNotificationTarget } from '../../domain/notifications/create-notification-target.js';
import { deleteNotificationTarget } from '../../domain/notifications/delete-notification-target.js';
import { listNotifications } from '../../domain/notifications/list-notifications.js';
import { findNotificationTarget, listNotificationTargets } from '../../domain/notifications/notification-target-view.js';
import { testNotificationTarget } from '../../domain/notifications/test-notification-target.js';
import { updateNotificationTarget } from '../../domain/notifications/update-notification-target.js';
import type { Deps } from '../../deps.js';
import { presentNotification, presentNotificationTarget } from '../notification-presenters.js';
import { idParam, parseInput } from '../parse.js';
import { presentPage } from '../presenters.js';
import { tenantHandler } from '../tenant-handler.js';

/** Notification targets and the notifications sent to them (docs/notifications.md). */
export function registerNotificationRoutes(app: Express, deps: Deps, json: RequestHandler): void {
  const { runtime, sealed, egressGuard } = deps;

  app.post(
    '/v1/notification-targets',
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const input = parseInput(CreateNotificationTargetRequest, req.body);
      const { target, secret } = await createNotificationTarget({
        tx,
        tenantId: principal.tenantId,
        runtime,
        sealed,
        actor: principal.actor,
        input,
        egressGuard,
        emailEnabled: deps.config.notificationEmail === true,
      });
      return { status: 201, body: { ...presentNotificationTarget(target), secret } satisfies CreatedNotificationTarget };
    }),
  );
  app.get(
    '/v1/notification-targets',
    tenantHandler(deps, async ({ req, tx }) => ({
      status: 200,
      body: presentPage(await listNotificationTargets({ tx, page: parseInput(RelayListQuery, req.query) }), presentNotificationTarget),
    })),
  );
  app.get(
    '/v1/notification-targets/:target_id',
    tenantHandler(deps, async ({ req, tx }) => ({
      status: 200,
      body: presentNotificationTarget(await findNotificationTarget(tx, idParam(req, 'target_id'))),
    })),
  );
  app.patch(
    '/v1/notification-targets/:target_id',
    json,
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const targetId = idParam(req, 'target_id');
      const changes = parseInput(UpdateNotificationTargetRequest, req.body);
      const target = await updateNotificationTarget({
        tx,
        tenantId: principal.tenantId,
        runtime,
        actor: principal.actor,
        targetId,
        changes,
        egressGuard,
      });
      return { status: 200, body: presentNotificationTarget(target) };
    }),
  );
  app.delete(
    '/v1/notification-targets/:target_id',
    tenantHandler(deps, async ({ req, tx, principal }) => {
      await deleteNotificationTarget({
        tx,
        tenantId: principal.tenantId,
        runtime,
        actor: principal.actor,
        targetId: idParam(req, 'target_id'),
      });
      return { status: 204, body: null };
    }),
  );
  app.post(
    '/v1/notification-targets/:target_id/test',
    tenantHandler(deps, async ({ req, tx, principal }) => {
      const notification = await testNotificationTarget({ tx, tenantId: principal.tenantId, runtime, targetId: idParam(req, 'target_id') });
      return { status: 201, body: presentNotification(notification) };
    }),
  );
  app.get(
    '/v1/notifications',
    tenantHandler(deps, async ({ req, tx }) => ({
      status: 200,
      body: presentPage(await listNotifications({ tx, query: parseInput(ListNotificationsQuery, req.query) }), presentNotification),
    })),
  );
}
