import { get } from './api.js';
import type { DestinationHealth, EndpointVolume } from './types.js';

// A destination's health and an endpoint's volume as the relay counts them (GET /v1/destinations/{id}/health,
// GET /v1/endpoints/{id}/volume): the browser reads one answer and draws it, nothing is counted here.

export const WINDOW = '24h';

export const readDestinationHealth = (destinationId: string) =>
  get<DestinationHealth>(`/v1/destinations/${destinationId}/health`, { window: WINDOW });

export const readEndpointVolume = (endpointId: string) => get<EndpointVolume>(`/v1/endpoints/${endpointId}/volume`, { window: WINDOW });

/** An hourly bucket's label in local time: "23/11/2026, 10:00". */
export const hourLabel = (start: Date) =>
  `${start.toLocaleDateString()}, ${start.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;

/** A daily (UTC) bucket's label: "2026-11-23". */
export const dayLabel = (start: Date) => start.toISOString().slice(0, 10);

export function milliseconds(value: number): string {
  return value < 1000 ? `${value} ms` : `${(value / 1000).toFixed(value < 10_000 ? 1 : 0)} s`;
}
