import { get, post, remove, type Page } from '../api.js';
import { stackedBarChart } from '../charts.js';
import { dayLabel } from '../health.js';
import { confirmedButton, facts, field, h, notify, onSubmit, showOnce, table, time } from '../dom.js';
import { go, type View } from '../router.js';
import type { ApiKey, CreatedApiKey, Usage } from '../types.js';

export async function keysView(): Promise<View> {
  const [usage, keys] = await Promise.all([get<Usage>('/v1/usage'), get<Page<ApiKey>>('/v1/api-keys', { limit: 100 })]);
  const create = onSubmit(h('form', { 'aria-labelledby': 'new-key' }), async (values) => {
    const created = await post<CreatedApiKey>('/v1/api-keys', { name: values.name });
    await showOnce('New API key', created.key, 'Shown once: store it now. Revoke it here when it is no longer needed.');
    go(`#/keys?t=${Date.now()}`);
  });
  create.append(field('Name', h('input', { name: 'name', required: true, maxlength: 200 })), h('button', { type: 'submit' }, 'Create key'));
  const rows = keys.data.map((key) =>
    h(
      'tr',
      null,
      h('td', null, key.name),
      h('td', null, h('code', null, key.key_hint)),
      h('td', { class: 'hide-narrow' }, time(key.created_at)),
      h('td', { class: 'hide-narrow' }, time(key.last_used_at)),
      h(
        'td',
        null,
        key.revoked_at
          ? h('span', null, 'revoked ', time(key.revoked_at))
          : confirmedButton(
              'Revoke',
              [`Revoke ${key.name}?`, 'Clients using it are refused at once, and a dashboard signed in with it is signed out.', 'Revoke'],
              async () => {
                await remove(`/v1/api-keys/${key.id}`);
                notify('Key revoked');
                go(`#/keys?t=${Date.now()}`);
              },
              'danger',
            ),
      ),
    ),
  );
  const allowance = usage.plan.event_allowance;
  return {
    title: 'API keys & usage',
    node: h(
      'div',
      null,
      h('h1', null, 'API keys & usage'),
      usage.capture_paused
        ? h(
            'div',
            { class: 'alert', role: 'alert', id: 'capture-paused' },
            h('strong', null, 'Capture is paused. '),
            usage.paused_reason === 'allowance'
              ? 'The plan allowance is spent: ingest answers 429 and stores nothing until the period resets or the plan changes.'
              : 'An operator paused capture: ingest answers 429 and stores nothing until it is resumed.',
          )
        : null,
      h(
        'section',
        { 'aria-labelledby': 'usage' },
        h('h2', { id: 'usage' }, 'Plan and usage'),
        facts([
          ['Plan', usage.plan.name],
          [
            'Allowance',
            allowance === null
              ? 'unlimited'
              : `${allowance.toLocaleString()} events ${usage.plan.allowance_resets ? 'per month' : 'in all'}`,
          ],
          ['Events this period', usage.events_captured.toLocaleString()],
          ['Remaining', usage.events_remaining === null ? 'unlimited' : usage.events_remaining.toLocaleString()],
          ['Period', usage.period_start ? h('span', null, time(usage.period_start), ' – ', time(usage.period_end)) : 'does not reset'],
          ['Retention', `${usage.plan.retention_days} days`],
        ]),
        stackedBarChart({
          caption: `Events captured per day, last ${usage.events_per_day.length} days (UTC)`,
          starts: usage.events_per_day.map((day) => new Date(`${day.day}T00:00:00Z`)),
          bucketLabel: dayLabel,
          layers: [{ label: 'Events', colour: 'accent', values: usage.events_per_day.map((day) => day.events) }],
        }),
      ),
      h(
        'section',
        null,
        h('h2', { id: 'new-key' }, 'API keys'),
        create,
        table(['Name', 'Key', ['Created', 'hide-narrow'], ['Last used', 'hide-narrow'], 'State'], rows, 'API keys'),
      ),
    ),
  };
}
