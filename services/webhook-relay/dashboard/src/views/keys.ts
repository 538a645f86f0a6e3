import { get, post, remove, type Page } from '../api.js';
import { confirmedButton, facts, field, h, notify, onSubmit, showOnce, table, time } from '../dom.js';
import { go, type View } from '../router.js';
import type { ApiKey, CreatedApiKey, Usage } from '../types.js';

const SVG = 'http://www.w3.org/2000/svg';

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number>,
  ...children: Node[]
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

/** Events per day as bars (each with its own title), and the same numbers as a table for screen readers. */
function dailyChart(days: Usage['events_per_day']): Node {
  const width = 600;
  const height = 150;
  const max = Math.max(1, ...days.map((day) => day.events));
  const slot = width / days.length;
  const bars = days.map((day, index) => {
    const barHeight = Math.round((day.events / max) * (height - 20));
    const title = svg('title', {});
    title.textContent = `${day.day}: ${day.events} events`;
    return svg(
      'rect',
      { x: Math.round(index * slot + 1), y: height - 15 - barHeight, width: Math.max(1, Math.floor(slot - 2)), height: barHeight },
      title,
    );
  });
  const first = svg('text', { x: 0, y: height - 2 });
  first.textContent = days[0]?.day ?? '';
  const last = svg('text', { x: width, y: height - 2, 'text-anchor': 'end' });
  last.textContent = days.at(-1)?.day ?? '';
  const peak = svg('text', { x: 0, y: 10 });
  peak.textContent = `max ${max}`;
  return h(
    'figure',
    null,
    svg(
      'svg',
      { class: 'chart', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-labelledby': 'chart-caption', preserveAspectRatio: 'none' },
      ...bars,
      first,
      last,
      peak,
    ),
    h('figcaption', { id: 'chart-caption' }, `Events captured per day, last ${days.length} days (UTC)`),
    h(
      'details',
      null,
      h('summary', null, 'As a table'),
      table(
        ['Day', 'Events'],
        days.map((day) => h('tr', null, h('td', null, day.day), h('td', null, day.events))),
        'Events per day',
      ),
    ),
  );
}

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
        dailyChart(usage.events_per_day),
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
