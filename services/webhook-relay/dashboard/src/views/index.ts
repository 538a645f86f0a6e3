import { route } from '../router.js';
import { agentsView } from './agents.js';
import { auditView } from './audit.js';
import { deliveriesView, deliveryView } from './deliveries.js';
import { destinationsView, destinationView } from './destinations.js';
import { endpointsView, endpointView } from './endpoints.js';
import { eventsView, eventView } from './events.js';
import { eventTypesView, eventTypeView } from './event-types.js';
import { issuesView } from './issues.js';
import { keysView } from './keys.js';
import { notificationsView } from './notifications.js';

export function registerViews(): void {
  route('/events', eventsView);
  route('/events/:id', eventView);
  route('/event-types', eventTypesView);
  route('/event-types/:id', eventTypeView);
  route('/endpoints', endpointsView);
  route('/endpoints/:id', endpointView);
  route('/destinations', destinationsView);
  route('/destinations/:id', destinationView);
  route('/deliveries', (params, query) => deliveriesView(params, query));
  route('/dead-letters', (params, query) => deliveriesView(params, query, true));
  route('/deliveries/:id', deliveryView);
  route('/issues', issuesView);
  route('/notifications', notificationsView);
  route('/audit', auditView);
  route('/keys', keysView);
  route('/agents', agentsView);
}
