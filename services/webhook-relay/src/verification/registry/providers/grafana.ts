import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const GRAFANA: ProviderRecord = {
  slug: 'grafana',
  name: 'Grafana Alerting',
  family: 'hmac-body',
  docs: 'https://grafana.com/docs/grafana/latest/alerting/configure-notifications/manage-contact-points/integrations/webhook-notifier/',
  scheme: hmacBody('x-grafana-alerting-signature'),
};
