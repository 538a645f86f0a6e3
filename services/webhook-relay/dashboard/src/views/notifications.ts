import { patch, post, remove } from '../api.js';
import { actionButton, badge, checkbox, confirmedButton, field, h, notify, onSubmit, select, showOnce, table, time } from '../dom.js';
import { pageThrough } from '../paging.js';
import { go, type View } from '../router.js';
import type { CreatedNotificationTarget, Notification, NotificationTarget, NotificationType } from '../types.js';

// Where the relay announces issues and destination changes (webhook URLs signed like deliveries, or email
// addresses), and what it sent there. A webhook target's signing secret is shown once, when it is created.

const TYPES: Array<[NotificationType, string]> = [
  ['issue.opened', 'An issue opened'],
  ['issue.resolved', 'An issue resolved'],
  ['destination.disabled', 'A destination turned off'],
  ['destination.recovered', 'A destination recovered'],
  ['delivery.exhausted', 'A delivery dead-lettered'],
  ['endpoint.verification_failing', "An endpoint's verification failing"],
];
const ALL_TYPES = TYPES.length;

const typeWords = (types: string[]) => (types.length >= ALL_TYPES ? 'all' : types.join(', '));
const where = (target: NotificationTarget) => target.url ?? target.address ?? '—';

function targetLabel(target: NotificationTarget): string {
  return target.description ?? where(target);
}

export async function notificationsView(): Promise<View> {
  const reload = () => go(`#/notifications?t=${Date.now()}`);
  const targets = new Map<string, NotificationTarget>();

  const create = onSubmit(h('form', { 'aria-labelledby': 'new-target' }), async (values) => {
    const types = TYPES.map(([type]) => type).filter((type) => values[`type_${type}`] === true);
    if (types.length === 0) throw new Error('choose at least one type of notification');
    const kind = values.kind === 'email' ? 'email' : 'webhook';
    const created = await post<CreatedNotificationTarget>('/v1/notification-targets', {
      kind,
      ...(kind === 'webhook' ? { url: values.where } : { address: values.where }),
      ...(types.length < ALL_TYPES ? { types } : {}),
      ...(values.description ? { description: values.description } : {}),
    });
    if (created.secret)
      await showOnce(
        'Notification signing secret',
        created.secret,
        'Notifications to this URL are signed with this Standard Webhooks secret. It is shown once: store it in the receiver now.',
      );
    notify('Notification target created');
    reload();
  });
  create.append(
    field(
      'Kind',
      select('kind', [
        ['webhook', 'Webhook URL'],
        ['email', 'Email address'],
      ]),
    ),
    field('URL or address', h('input', { name: 'where', required: true, placeholder: 'https://example.com/relay-alerts' })),
    field('Description', h('input', { name: 'description', maxlength: 200, placeholder: 'optional, e.g. on-call channel' })),
    h('fieldset', null, h('legend', null, 'Notify of'), ...TYPES.map(([type, label]) => checkbox(label, `type_${type}`, true))),
    h('button', { type: 'submit' }, 'Add target'),
  );

  const targetRows = h('tbody');
  const moreTargets = await pageThrough<NotificationTarget>('/v1/notification-targets', {}, (items) => {
    for (const target of items) {
      targets.set(target.id, target);
      targetRows.append(
        h(
          'tr',
          { 'data-target-id': target.id },
          h(
            'td',
            { class: 'wrap' },
            target.description
              ? h('span', { class: 'named' }, target.description, h('span', { class: 'id' }, where(target)))
              : where(target),
          ),
          h('td', { class: 'hide-narrow' }, target.kind === 'webhook' ? 'webhook' : 'email'),
          h('td', { class: 'wrap hide-narrow' }, typeWords(target.types)),
          h('td', { class: 'hide-narrow' }, target.secret_hint ? h('code', null, target.secret_hint) : '—'),
          h('td', null, target.enabled ? badge('succeeded', 'on') : badge('cancelled', 'off')),
          h(
            'td',
            null,
            h(
              'div',
              { class: 'row' },
              actionButton(
                'Send test',
                async () => {
                  await post<Notification>(`/v1/notification-targets/${target.id}/test`);
                  notify('Test notification queued');
                  reload();
                },
                'quiet',
              ),
              actionButton(
                target.enabled ? 'Turn off' : 'Turn on',
                async () => {
                  await patch<NotificationTarget>(`/v1/notification-targets/${target.id}`, { enabled: !target.enabled });
                  notify(target.enabled ? 'Target turned off' : 'Target turned on');
                  reload();
                },
                'quiet',
              ),
              confirmedButton(
                'Delete',
                [
                  `Delete ${targetLabel(target)}?`,
                  'Nothing more is sent there, and its notifications are forgotten (pending ones are not sent).',
                  'Delete',
                ],
                async () => {
                  await remove(`/v1/notification-targets/${target.id}`);
                  notify('Notification target deleted');
                  reload();
                },
              ),
            ),
          ),
        ),
      );
    }
  });

  const sentRows = h('tbody');
  const moreSent = await pageThrough<Notification>(
    '/v1/notifications',
    { limit: 20 },
    (items) => {
      for (const sent of items) {
        const target = targets.get(sent.target_id);
        sentRows.append(
          h(
            'tr',
            { 'data-notification-id': sent.id },
            h('td', null, time(sent.created_at)),
            h('td', { class: 'wrap' }, sent.type),
            h('td', { class: 'wrap hide-narrow' }, target ? targetLabel(target) : 'a deleted target'),
            h('td', null, badge(sent.state === 'sent' ? 'succeeded' : sent.state, sent.state)),
            h('td', { class: 'hide-narrow' }, sent.attempts),
            h(
              'td',
              { class: 'wrap hide-narrow' },
              [sent.last_status === null ? null : `HTTP ${sent.last_status}`, sent.last_error].filter(Boolean).join(': ') || '—',
            ),
          ),
        );
      }
    },
    'Load older notifications',
  );

  return {
    title: 'Notifications',
    node: h(
      'div',
      null,
      h('h1', null, 'Notifications'),
      h(
        'p',
        { class: 'hint' },
        'The relay tells these targets when an issue opens or resolves, a destination is turned off or recovers, a delivery is dead-lettered, or an endpoint’s verification keeps failing. Webhook targets are signed like deliveries (Standard Webhooks).',
      ),
      h('section', null, h('h2', { id: 'new-target' }, 'New target'), create),
      h(
        'section',
        { 'aria-labelledby': 'targets' },
        h('h2', { id: 'targets' }, 'Targets'),
        targets.size
          ? table(
              ['Where', ['Kind', 'hide-narrow'], ['Types', 'hide-narrow'], ['Secret', 'hide-narrow'], 'State', ''],
              targetRows,
              'Notification targets',
            )
          : h('p', null, 'No targets yet: nothing is announced.'),
        moreTargets,
      ),
      h(
        'section',
        { 'aria-labelledby': 'sent' },
        h('h2', { id: 'sent' }, 'Recent notifications'),
        sentRows.childElementCount
          ? table(
              ['Created', 'Type', ['Target', 'hide-narrow'], 'State', ['Attempts', 'hide-narrow'], ['Last answer', 'hide-narrow']],
              sentRows,
              'Recent notifications',
            )
          : h('p', null, 'None sent yet.'),
        moreSent,
      ),
    ),
  };
}
