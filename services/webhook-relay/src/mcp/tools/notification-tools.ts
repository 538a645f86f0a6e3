import { ListNotificationsQuery, RelayListQuery } from '@workspace/contracts';
import { z } from 'zod';
import { listNotifications } from '../../domain/notifications/list-notifications.js';
import { findNotificationTarget, listNotificationTargets } from '../../domain/notifications/notification-target-view.js';
import { presentNotification, presentNotificationTarget } from '../../http/notification-presenters.js';
import { presentPage } from '../../http/presenters.js';
import { defineTool, type RelayTool } from './tool-definition.js';

/**
 * Notifications, read-only (docs/notifications.md). Registering, changing, deleting or testing a target is left
 * out: a webhook target's creation mints a signing secret, which the MCP server does not do (as for destinations).
 */
export const NOTIFICATION_TOOLS: RelayTool[] = [
  defineTool({
    name: 'notification_targets.list',
    mirrors: 'listNotificationTargets',
    title: 'List notification targets',
    description: 'Where the tenant’s notifications go (webhooks and email addresses) and which types each takes, newest first.',
    input: RelayListQuery,
    readOnly: true,
    run: (context, input) =>
      context.deps.tenants.run(context.principal.tenantId, async (tx) =>
        presentPage(await listNotificationTargets({ tx, page: input }), presentNotificationTarget),
      ),
  }),
  defineTool({
    name: 'notification_targets.get',
    mirrors: 'getNotificationTarget',
    title: 'Get a notification target',
    description: 'One notification target: kind, url or address, types, whether it is on.',
    input: z.object({ target_id: z.uuid({ error: 'target_id must be a UUID' }) }).strict(),
    readOnly: true,
    run: (context, input) =>
      context.deps.tenants.run(context.principal.tenantId, async (tx) =>
        presentNotificationTarget(await findNotificationTarget(tx, input.target_id)),
      ),
  }),
  defineTool({
    name: 'notifications.list',
    mirrors: 'listNotifications',
    title: 'List notifications',
    description:
      'Notifications sent or being sent, newest first, one per target: type, payload, state (pending, sent, failed), attempts, the last error. Filter by target_id or state.',
    input: ListNotificationsQuery,
    readOnly: true,
    run: (context, input) =>
      context.deps.tenants.run(context.principal.tenantId, async (tx) =>
        presentPage(await listNotifications({ tx, query: input }), presentNotification),
      ),
  }),
];
