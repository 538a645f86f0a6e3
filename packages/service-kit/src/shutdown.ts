import type { Server } from 'node:http';
import type { Logger } from './logger.js';

export interface GracefulShutdownOptions {
  logger: Logger;
  // Closed in order after the server stops accepting and in-flight requests finish.
  closers: Array<{ name: string; close: () => Promise<unknown> }>;
  // Called first, before the server stops accepting: ends responses that would otherwise never finish
  // (server-sent events), so shutdown does not wait timeoutMs for them.
  drain?: () => void;
  timeoutMs?: number;
  signals?: NodeJS.Signals[];
}

// On SIGTERM/SIGINT: stop accepting, let in-flight requests finish (bounded), then close pools.
export function installGracefulShutdown(server: Server, options: GracefulShutdownOptions): () => Promise<void> {
  const { logger, closers, drain, timeoutMs = 10_000, signals = ['SIGTERM', 'SIGINT'] } = options;
  let shuttingDown: Promise<void> | undefined;

  const shutdown = () => {
    shuttingDown ??= (async () => {
      logger.info('shutting down: no new connections, finishing in-flight requests');
      drain?.();
      const forced = setTimeout(() => {
        logger.warn({ timeoutMs }, 'in-flight requests did not finish in time; closing their connections');
        server.closeAllConnections();
      }, timeoutMs);
      forced.unref();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
      clearTimeout(forced);
      for (const closer of closers) {
        try {
          await closer.close();
        } catch (error) {
          logger.warn({ err: error, resource: closer.name }, 'closing a resource failed');
        }
      }
      logger.info('shutdown complete');
    })();
    return shuttingDown;
  };

  for (const signal of signals) {
    process.once(signal, () => {
      shutdown().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  return shutdown;
}
