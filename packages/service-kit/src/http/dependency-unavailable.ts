// Failures that mean a database or cache could not be reached, not that the request was wrong:
// the caller should retry later, so they answer 503 rather than 500.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
// Prisma: can't reach the server, timed out, the server closed the connection, connection pool timeout.
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
const MESSAGES = [/Connection terminated/i, /Connection is closed/i, /enableOfflineQueue/i, /timeout exceeded when trying to connect/i];

export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const candidate = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown };
  if (typeof candidate.code === 'string' && (NETWORK_CODES.has(candidate.code) || POSTGRES_CODES.has(candidate.code) || PRISMA_CODES.has(candidate.code))) {
    return true;
  }
  if (candidate.name === 'MaxRetriesPerRequestError') return true;
  if (typeof candidate.message === 'string' && MESSAGES.some((pattern) => pattern.test(candidate.message as string))) return true;
  return isDependencyUnavailable(candidate.cause, depth + 1);
}
