import { get, type Page, post } from '../api.js';
import { actionButton, badge, facts, field, h, link, notify, onSubmit, select, time } from '../dom.js';
import { breakerState } from '../issue-words.js';
import type { Directory } from '../principals.js';
import type { Destination, Issue } from '../types.js';
import { issueCard } from './issues.js';

// A destination's failure handling on its page: whether it sends (paused, turned off, its circuit breaker), its
// pace (rate limit), pause and resume, and its unresolved issues. Settings are edited in the page's Settings form.

const SECOND_OR_MINUTE: Array<[string, string]> = [
  ['second', 'per second'],
  ['minute', 'per minute'],
];

export function rateLimitWords(limit: Destination['rate_limit']): string {
  return limit ? `at most ${limit.max.toLocaleString()} deliveries per ${limit.per}` : 'no limit';
}

function sending(destination: Destination): HTMLElement {
  if (!destination.enabled) return badge('dead_lettered', 'turned off');
  if (destination.paused_at) return badge('pending', 'paused');
  if (destination.breaker.state !== 'closed') return badge('breaker-open', 'held by the breaker');
  return badge('succeeded', 'sending');
}

/** Paused or not, the breaker, and Pause (with an optional reason) or Resume. */
export function deliveryStateSection(destination: Destination, reload: () => void): HTMLElement {
  const { breaker } = destination;
  const [word, meaning] = breakerState(breaker.state);
  const pause = onSubmit(h('form', { 'aria-label': 'Pause deliveries' }), async (values) => {
    await post<Destination>(`/v1/destinations/${destination.id}/pause`, values.reason ? { reason: values.reason } : {});
    notify('Destination paused');
    reload();
  });
  pause.append(
    field('Reason', h('input', { name: 'reason', maxlength: 500, placeholder: 'optional, e.g. deploying' })),
    h('button', { type: 'submit' }, 'Pause'),
  );
  const resume = actionButton('Resume', async () => {
    await post<Destination>(`/v1/destinations/${destination.id}/resume`);
    notify('Destination resumed');
    reload();
  });
  const held = destination.paused_at !== null || !destination.enabled;
  return h(
    'section',
    { 'aria-labelledby': 'delivery-state' },
    h('h2', { id: 'delivery-state' }, 'Delivery state'),
    facts([
      ['Sending', sending(destination)],
      ['Paused', destination.paused_at ? h('span', null, 'since ', time(destination.paused_at)) : 'no'],
      ['Pause reason', destination.paused_reason ?? '—'],
      ['Circuit breaker', h('span', { id: 'breaker-state' }, badge(`breaker-${breaker.state}`, word), ` ${meaning}`)],
      ['Failures in a row', breaker.consecutive_failures.toLocaleString()],
      ['Failing since', time(breaker.failing_since)],
      ['Next probe', time(breaker.next_probe_at)],
      [
        'Breaker opens after',
        `${breaker.failures} failures in a row lasting ${breaker.window_seconds} s; turned off after ${breaker.disable_after_hours} h failing`,
      ],
      ['Rate limit', rateLimitWords(destination.rate_limit)],
    ]),
    h(
      'p',
      { class: 'hint' },
      'Paused, events still join the queue, which holds in order until resumed. Resume also turns a destination that was turned off back on and closes its breaker: its queue is sent at once, in order.',
    ),
    held ? h('div', { class: 'row' }, resume) : pause,
  );
}

/** Rate limit and breaker settings, as fields of the Settings form. */
export function failureSettingsFields(destination: Destination): HTMLElement[] {
  const { rate_limit: limit, breaker } = destination;
  return [
    h(
      'fieldset',
      null,
      h('legend', null, 'Rate limit'),
      field(
        'Deliveries at most',
        h('input', { name: 'rate_max', type: 'number', min: 1, max: 100000, value: limit?.max ?? '' }),
        'Empty: no limit',
      ),
      field('Per', select('rate_per', SECOND_OR_MINUTE, limit?.per ?? 'second')),
    ),
    h(
      'fieldset',
      null,
      h('legend', null, 'Circuit breaker'),
      field('Failures in a row', h('input', { name: 'breaker_failures', type: 'number', min: 1, max: 1000, value: breaker.failures })),
      field(
        'Lasting (seconds)',
        h('input', { name: 'breaker_window_seconds', type: 'number', min: 0, max: 604800, value: breaker.window_seconds }),
      ),
      field(
        'Turn off after (hours)',
        h('input', { name: 'breaker_disable_after_hours', type: 'number', min: 1, max: 720, value: breaker.disable_after_hours }),
      ),
    ),
  ];
}

/** What of the rate limit and breaker settings the form changed, as PATCH fields (nothing when unchanged). */
export function failureSettingsChanges(
  destination: Destination,
  values: Record<string, string | boolean | undefined>,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const rateLimit = values.rate_max ? { max: Number(values.rate_max), per: String(values.rate_per ?? 'second') } : null;
  const current = destination.rate_limit;
  if (rateLimit?.max !== current?.max || (rateLimit && rateLimit.per !== current?.per)) changes.rate_limit = rateLimit;
  const breaker: Record<string, number> = {};
  for (const name of ['failures', 'window_seconds', 'disable_after_hours'] as const) {
    const value = values[`breaker_${name}`];
    if (value !== undefined && Number(value) !== destination.breaker[name]) breaker[name] = Number(value);
  }
  if (Object.keys(breaker).length) changes.breaker = breaker;
  return changes;
}

/** The destination's unresolved issues (acknowledge and resolve in place), linked to the Issues page. */
export async function destinationIssuesSection(destinationId: string, directory: Directory): Promise<HTMLElement> {
  const page = await get<Page<Issue>>('/v1/issues', { destination_id: destinationId, state: 'unresolved', limit: 20 });
  const list = h(
    'ul',
    { class: 'issues', 'aria-label': 'Unresolved issues' },
    ...page.data.map((issue) => issueCard(issue, directory, 'h3')),
  );
  return h(
    'section',
    { 'aria-labelledby': 'destination-issues' },
    h('h2', { id: 'destination-issues' }, 'Unresolved issues'),
    page.data.length ? list : h('p', null, 'None: deliveries are getting through.'),
    h('p', null, link(`#/issues?destination_id=${destinationId}&state=all`, 'All issues of this destination')),
  );
}
