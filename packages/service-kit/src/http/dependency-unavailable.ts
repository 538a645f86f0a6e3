// Failures that mean a database or cache could not be reached, not that the request was wrong:
// the caller should retry later, so they answer 503 rather than 500.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections, query_canceled
// (the server's statement_timeout ended the statement, or an operator cancelled it), and
// idle_in_transaction_session_timeout (a transaction's next statement came too late: a busy process).
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);
// Prisma: can't reach the server, timed out, the server closed the connection, connection pool timeout.
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
const MESSAGES = [
  /Connection terminated/i,
  /Connection is closed/i,
  /enableOfflineQueue/i,
  // Bounded waits (pg-pool.ts, redis-options.ts): acquiring a pooled connection, a new connection's
  // handshake (pg's own connect timer says only "timeout expired"), a statement's answer, a connection
  // closed because a statement on it timed out, and ioredis' command timeout.
  /timeout exceeded when trying to connect/i,
  /^timeout expired$/,
  /Query read timeout/,
  /Client was closed and is not queryable/,
  /Client has encountered a connection error and is not queryable/,
  /canceling statement due to statement timeout/,
  /^Command timed out$/,
  // Prisma's P2028 when a transaction could not get a connection within its maxWait, or outlived its
  // timeout because its statements were slow: both pass once the database answers again.
  /Unable to start a transaction in the given time/,
  // ... and when it outlived its timeout: the next query, the commit or the rollback finds it expired.
  /cannot be executed on an expired transaction/,
  /Transaction already closed: .*timeout/s,
  // Prisma's text for 25P03, whose code it does not pass on.
  /terminating connection due to idle-in-transaction timeout/,
];

export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const candidate = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown };
  if (
    typeof candidate.code === 'string' &&
    (NETWORK_CODES.has(candidate.code) || POSTGRES_CODES.has(candidate.code) || PRISMA_CODES.has(candidate.code))
  ) {
    return true;
  }
  if (candidate.name === 'MaxRetriesPerRequestError') return true;
  if (typeof candidate.message === 'string' && MESSAGES.some((pattern) => pattern.test(candidate.message as string))) return true;
  return isDependencyUnavailable(candidate.cause, depth + 1);
}

// The bounded waits that ran out because the database did not answer at all (pg-pool.ts): acquiring, connecting,
// a statement's answer. A caller with more work queued for the same database may fail that work at once
// instead of letting each piece wait out the same bound.
const NO_ANSWER = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated due to connection timeout/,
  /^timeout expired$/,
  /Query read timeout/,
];

export function isDependencyTimeout(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { message, cause } = error as { message?: unknown; cause?: unknown };
  if (typeof message === 'string' && NO_ANSWER.some((pattern) => pattern.test(message))) return true;
  return isDependencyTimeout(cause, depth + 1);
}
