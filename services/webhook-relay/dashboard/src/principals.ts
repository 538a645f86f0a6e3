import { get } from './api.js';
import { type Child, h } from './dom.js';
import { allAgents, allApiKeys, allDestinations, allEndpoints, allSubscriptions, allTriggers } from './names.js';
import type { DashboardSession } from './types.js';

// People and things by name, not by UUID: who did something (an audit actor, who authorized an agent) and what
// it was done to (an audit target, a trigger's endpoint), each linked to its page with its id kept at hand.

/** What the tenant has now, by id, read once per page view; a deleted thing is named by its kind and id. */
export interface Directory {
  names: Map<string, { label: string; href: string | null }>;
  /** This session's own actor (api_key:<id> or user:<id>): shown as "you". */
  self: string | null;
}

export async function loadDirectory(): Promise<Directory> {
  const [session, endpoints, destinations, keys, agents, triggers, subscriptions] = await Promise.all([
    get<DashboardSession>('/auth/session'),
    allEndpoints(),
    allDestinations(),
    allApiKeys(),
    allAgents(),
    allTriggers(),
    allSubscriptions(),
  ]);
  const names: Directory['names'] = new Map();
  for (const item of endpoints) names.set(`endpoint:${item.id}`, { label: item.name, href: `#/endpoints/${item.id}` });
  for (const item of destinations) names.set(`destination:${item.id}`, { label: item.name, href: `#/destinations/${item.id}` });
  for (const item of keys) names.set(`api_key:${item.id}`, { label: `key ${item.name}`, href: '#/keys' });
  for (const item of agents) names.set(`agent:${item.id}`, { label: `agent ${item.client_name ?? item.client_id}`, href: '#/agents' });
  for (const item of triggers) names.set(`trigger:${item.id}`, { label: `trigger ${item.name}`, href: '#/agents' });
  const nameOf = (kind: string, id: string) => names.get(`${kind}:${id}`)?.label ?? `${kind} ${id.slice(0, 8)}`;
  for (const item of subscriptions)
    names.set(`subscription:${item.id}`, {
      label: `${nameOf('endpoint', item.endpoint_id)} → ${nameOf('destination', item.destination_id)}`,
      href: `#/destinations/${item.destination_id}`,
    });
  return { names, self: session.actor };
}

const KINDS: Record<string, string> = {
  api_key: 'key',
  user: 'user',
  endpoint: 'endpoint',
  destination: 'destination',
  destination_secret: 'destination signing secret',
  provider_secret: 'endpoint signing secret',
  subscription: 'subscription',
  trigger: 'trigger',
  agent: 'agent',
  tenant: 'this tenant',
};

/** A name (linked when the thing has a page) over its id in small type; the full id also as the title. */
function named(label: string, href: string | null, id: string | null): HTMLElement {
  return h(
    'span',
    { class: 'named' },
    href ? h('a', { href }, label) : h('span', null, label),
    id ? h('code', { class: 'id', title: id }, id) : null,
  );
}

/** A target ({type, id}) by name. */
export function describeTarget(directory: Directory, target: { type: string; id: string | null }): Child {
  const known = target.id ? directory.names.get(`${target.type}:${target.id}`) : undefined;
  if (known) return named(known.label, known.href, target.id);
  if (target.type === 'tenant') return named('this tenant', null, target.id);
  // Gone since (or never listed, like a signing secret): its kind in words, and the id.
  const gone = target.id && target.type !== 'provider_secret' && target.type !== 'destination_secret' && target.type !== 'user';
  return named(`${KINDS[target.type] ?? target.type}${gone ? ' (deleted)' : ''}`, null, target.id);
}

/** An actor ("api_key:<id>", "user:<id>", "operator:<who>") by name; "you" for this session. */
export function describeActor(directory: Directory, actor: string): Child {
  const at = actor.indexOf(':');
  if (at < 0) return named(actor, null, null);
  const [kind, id] = [actor.slice(0, at), actor.slice(at + 1)];
  if (kind === 'operator') return named(`operator (${id})`, null, null);
  const known = directory.names.get(`${kind}:${id}`);
  const label = known?.label ?? KINDS[kind] ?? kind;
  return named(actor === directory.self ? `you (${label})` : label, known?.href ?? null, id);
}
