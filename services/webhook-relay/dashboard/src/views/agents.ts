import { remove } from '../api.js';
import { confirmedButton, h, notify, table, time } from '../dom.js';
import { pageThrough } from '../paging.js';
import { describeActor, describeTarget, loadDirectory } from '../principals.js';
import { go, type View } from '../router.js';
import type { Agent, Trigger } from '../types.js';

/**
 * The MCP surface seen by the person: the agents they authorized (revoke ends an agent's tokens at once) and the
 * triggers agents drain (each with the last event it acknowledged; deleting one forgets its cursor).
 */
export async function agentsView(): Promise<View> {
  const reload = () => go(`#/agents?t=${Date.now()}`);
  const directory = await loadDirectory();
  const agentRows = h('tbody');
  const moreAgents = await pageThrough<Agent>('/v1/agents', {}, (items) => {
    for (const agent of items)
      agentRows.append(
        h(
          'tr',
          null,
          h('td', null, agent.client_name ?? h('em', null, 'unnamed')),
          h('td', { class: 'wrap hide-narrow' }, h('code', null, agent.client_id)),
          h('td', { class: 'wrap' }, describeActor(directory, agent.authorized_by)),
          h('td', { class: 'hide-narrow' }, time(agent.created_at)),
          h(
            'td',
            null,
            confirmedButton(
              'Revoke',
              [
                `Revoke ${agent.client_name ?? agent.client_id}?`,
                'Its access and refresh tokens stop working at once; it must be authorized again.',
                'Revoke',
              ],
              async () => {
                await remove(`/v1/agents/${agent.id}`);
                notify('Agent revoked');
                reload();
              },
              'danger',
            ),
          ),
        ),
      );
  });
  const triggerRows = h('tbody');
  const moreTriggers = await pageThrough<Trigger>('/v1/triggers', {}, (items) => {
    for (const trigger of items)
      triggerRows.append(
        h(
          'tr',
          null,
          h('td', null, trigger.name),
          h('td', { class: 'wrap' }, describeTarget(directory, { type: 'endpoint', id: trigger.endpoint_id })),
          h(
            'td',
            { class: 'wrap hide-narrow' },
            trigger.last_drained_event_id
              ? h('a', { href: `#/events/${trigger.last_drained_event_id}` }, trigger.last_drained_event_id)
              : 'none yet',
          ),
          h('td', { class: 'hide-narrow' }, time(trigger.updated_at)),
          h(
            'td',
            null,
            confirmedButton(
              'Delete',
              [
                `Delete trigger ${trigger.name}?`,
                'Its cursor is forgotten: the next wait under this name starts again from now.',
                'Delete',
              ],
              async () => {
                await remove(`/v1/triggers/${trigger.id}`);
                notify('Trigger deleted');
                reload();
              },
              'danger',
            ),
          ),
        ),
      );
  });
  return {
    title: 'Agents',
    node: h(
      'div',
      null,
      h('h1', null, 'Agents'),
      h(
        'p',
        null,
        'Agents reach this relay through its MCP server at ',
        h('code', null, `${location.origin}/mcp`),
        ' after you allow them on a consent page. They act for this tenant until revoked.',
      ),
      h(
        'section',
        { 'aria-labelledby': 'agents' },
        h('h2', { id: 'agents' }, 'Authorized agents'),
        table(['Agent', ['Client id', 'hide-narrow'], 'Authorized by', ['Since', 'hide-narrow'], ''], agentRows, 'Authorized agents'),
        moreAgents,
      ),
      h(
        'section',
        { 'aria-labelledby': 'triggers' },
        h('h2', { id: 'triggers' }, 'Triggers'),
        table(['Name', 'Endpoint', ['Last acknowledged event', 'hide-narrow'], ['Updated', 'hide-narrow'], ''], triggerRows, 'Triggers'),
        moreTriggers,
      ),
    ),
  };
}
