import { get, type Page } from './api.js';
import type { Agent, ApiKey, Destination, Endpoint, Subscription, Trigger } from './types.js';

// Names for ids in tables and choices in forms: the tenant's endpoints and destinations, read per page view.

async function all<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const answer: Page<T> = await get<Page<T>>(path, { limit: 100, cursor });
    items.push(...answer.data);
    cursor = answer.next_cursor;
    if (!cursor) break;
  }
  return items;
}

export const allEndpoints = () => all<Endpoint>('/v1/endpoints');
export const allDestinations = () => all<Destination>('/v1/destinations');
export const allApiKeys = () => all<ApiKey>('/v1/api-keys');
export const allAgents = () => all<Agent>('/v1/agents');
export const allTriggers = () => all<Trigger>('/v1/triggers');
export const allSubscriptions = () => all<Subscription>('/v1/subscriptions');

export function nameOf(items: Array<{ id: string; name: string }>, id: string): string {
  return items.find((item) => item.id === id)?.name ?? id.slice(0, 8);
}
