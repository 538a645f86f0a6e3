import { post } from '../api.js';
import { actionButton, append, badge, type Child, facts, field, h, link, notify, onSubmit, select, time } from '../dom.js';
import { refreshIssueCount } from '../issue-count.js';
import { ISSUE_KINDS, ISSUE_STATES, issueKind } from '../issue-words.js';
import { pageThrough } from '../paging.js';
import { describeActor, describeTarget, type Directory, loadDirectory } from '../principals.js';
import { go, type Params, type View } from '../router.js';
import type { Issue } from '../types.js';

// Issues: failures grouped per destination (or endpoint) and kind, one per outage rather than one per attempt.
// Acknowledge and Resolve answer the issue as it is now, which replaces its card where it stands.

/** Who acknowledged or resolved it: the relay itself, or a key or user by name. */
function actor(directory: Directory, who: string | null): Child {
  if (!who) return null;
  if (who === 'system:delivery') return 'the relay, once deliveries succeeded again';
  if (who === 'system:verification') return 'the relay, once verification succeeded again';
  return describeActor(directory, who);
}

function subject(directory: Directory, issue: Issue): [string, Child] {
  if (issue.destination_id) return ['Destination', describeTarget(directory, { type: 'destination', id: issue.destination_id })];
  if (issue.endpoint_id) return ['Endpoint', describeTarget(directory, { type: 'endpoint', id: issue.endpoint_id })];
  return ['Of', '—'];
}

function lastAnswer(issue: Issue): Child {
  const status = issue.last_status === null ? null : `HTTP ${issue.last_status}`;
  // "answered 503" says no more than the status beside it.
  const error = issue.last_error && !(status && issue.last_error.includes(String(issue.last_status))) ? issue.last_error : null;
  return [status, error].filter(Boolean).join(': ') || '—';
}

/** One issue as a card; `replace` swaps it for the issue as an action answered it. */
export function issueCard(issue: Issue, directory: Directory, headingLevel: 'h2' | 'h3' = 'h2'): HTMLLIElement {
  const card = h('li', { class: 'issue', 'data-issue-id': issue.id, tabindex: -1 });
  const replace = (next: Issue, message: string) => {
    const fresh = issueCard(next, directory, headingLevel);
    card.replaceWith(fresh);
    fresh.focus();
    notify(message);
    void refreshIssueCount();
  };
  const acknowledge = actionButton('Acknowledge', async () => {
    replace(await post<Issue>(`/v1/issues/${issue.id}/acknowledge`), 'Issue acknowledged');
  });
  const resolve = actionButton(
    'Resolve',
    async () => {
      replace(await post<Issue>(`/v1/issues/${issue.id}/resolve`), 'Issue resolved');
    },
    'quiet',
  );
  const stateNote: Child =
    issue.state === 'resolved'
      ? [' by ', actor(directory, issue.resolved_by), ' ', time(issue.resolved_at)]
      : issue.state === 'acknowledged'
        ? [' by ', actor(directory, issue.acknowledged_by), ' ', time(issue.acknowledged_at)]
        : null;
  append(card, [
    h(headingLevel, { class: 'issue-title' }, issueKind(issue.kind)),
    facts([
      subject(directory, issue),
      ['State', h('span', null, badge(issue.state), stateNote)],
      ['Failures', issue.count.toLocaleString()],
      ['First seen', time(issue.first_seen_at)],
      ['Last seen', time(issue.last_seen_at)],
      ['Last answer', lastAnswer(issue)],
      ['Excerpt', issue.last_excerpt ? h('pre', { class: 'excerpt' }, issue.last_excerpt) : '—'],
      [
        'Last delivery',
        issue.last_delivery_id
          ? link(
              `#/deliveries/${issue.last_delivery_id}`,
              h('span', { class: 'named' }, 'Open the delivery', h('code', { class: 'id' }, issue.last_delivery_id)),
            )
          : issue.last_event_id
            ? link(`#/events/${issue.last_event_id}`, 'Open the event')
            : '—',
      ],
    ]),
    issue.state === 'resolved' ? null : h('div', { class: 'row' }, issue.state === 'open' ? acknowledge : null, resolve),
  ]);
  return card;
}

export async function issuesView(_params: Params, query: URLSearchParams): Promise<View> {
  const state = query.get('state') ?? 'unresolved';
  const kind = query.get('kind') ?? '';
  const destinationId = query.get('destination_id') ?? '';
  const directory = await loadDirectory();
  const destinations = [...directory.names.entries()]
    .filter(([key]) => key.startsWith('destination:'))
    .map(([key, value]): [string, string] => [key.slice('destination:'.length), value.label]);

  const list = h('ul', { class: 'issues', 'aria-label': 'Issues' });
  const more = await pageThrough<Issue>(
    '/v1/issues',
    { state: state === 'all' ? undefined : state, kind, destination_id: destinationId },
    (items) => {
      for (const issue of items) list.append(issueCard(issue, directory));
    },
    'Load older issues',
  );

  const filters = onSubmit(h('form', { 'aria-label': 'Filter issues' }), async (values) => {
    const params = new URLSearchParams();
    if (values.state && values.state !== 'unresolved') params.set('state', String(values.state));
    if (values.kind) params.set('kind', String(values.kind));
    if (values.destination_id) params.set('destination_id', String(values.destination_id));
    go(`#/issues${params.size ? `?${params}` : ''}`);
  });
  filters.append(
    field('State', select('state', ISSUE_STATES, state)),
    field('Kind', select('kind', [['', 'Any kind'], ...Object.entries(ISSUE_KINDS)], kind)),
    field('Destination', select('destination_id', [['', 'All destinations'], ...destinations], destinationId)),
    h('button', { type: 'submit' }, 'Apply'),
  );

  return {
    title: 'Issues',
    node: h(
      'div',
      null,
      h('h1', null, 'Issues'),
      h(
        'p',
        { class: 'hint' },
        'Failures grouped per destination (or endpoint) and kind: one issue per outage. An issue resolves by itself when deliveries (or verification) succeed again; acknowledge one to say someone is on it.',
      ),
      filters,
      list.childElementCount ? list : h('p', null, state === 'unresolved' ? 'No unresolved issues.' : 'No issues match.'),
      more,
    ),
  };
}
