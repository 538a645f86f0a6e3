import type { NotificationPayload } from '../domain/notifications/enqueue-notification.js';

const HEADLINES: Record<string, string> = {
  'issue.opened': 'An issue was opened',
  'issue.resolved': 'An issue was resolved',
  'destination.disabled': 'A destination was disabled',
  'destination.recovered': 'A destination recovered',
  'delivery.exhausted': 'A delivery ran out of retries',
  'endpoint.verification_failing': "An endpoint's verification is failing",
  'notification.test': 'Test notification',
};

/** The subject and plain-text body of a notification email: a headline, the subject of the notification, and its data. */
export function notificationEmail(payload: NotificationPayload): { subject: string; text: string } {
  const headline = HEADLINES[payload.type] ?? payload.type;
  const data = payload.data;
  const about = [
    data.destination_id && `destination ${String(data.destination_id)}`,
    data.endpoint_id && `endpoint ${String(data.endpoint_id)}`,
  ]
    .filter(Boolean)
    .join(', ');
  const subject = `[webhook-relay] ${headline}${about ? `: ${about}` : ''}`;
  const text = [
    `${headline}.`,
    '',
    `Type: ${payload.type}`,
    `When: ${payload.timestamp}`,
    ...(about ? [`About: ${about}`] : []),
    '',
    'Details:',
    JSON.stringify(data, null, 2),
    '',
    '-- ',
    'Sent by webhook-relay to a notification target of your tenant. Change or remove it with',
    '`webhook-relay notification-targets update` (or delete), or /v1/notification-targets.',
  ].join('\n');
  return { subject, text };
}
