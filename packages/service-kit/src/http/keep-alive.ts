import type { Server } from 'node:http';

/**
 * How long the server keeps an idle keep-alive connection open. Node's default is 5 s, which is exactly the
 * interval at which the official DeepL client polls a document's status over its keep-alive agent: the server
 * closed the socket at the moment the client sent its next poll on it, and the poll failed with ECONNRESET or
 * "socket hang up". A server must keep idle connections open longer than its clients and load balancers do
 * (60 s for a cloud load balancer's default), so that the other side always closes first.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Applies KEEP_ALIVE_TIMEOUT_MS to `server`, with the headers timeout above it as Node requires. */
export function keepIdleConnectionsOpen<T extends Server>(server: T): T {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}
