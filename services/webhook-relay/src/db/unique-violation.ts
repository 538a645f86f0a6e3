/** What a unique index refused: the index (constraint) name, its table and columns when the driver says. */
export interface UniqueViolation {
  constraint: string | null;
  table: string | null;
  fields: string[];
}

const UNIQUE_VIOLATION_SQLSTATE = '23505';

// What collided, in the API's words, for the unique indexes a request can run into. Each create checks
// first and answers with the existing record; these cover requests that passed that check at the same time.
const COLLISIONS: Record<string, string> = {
  subscriptions_endpoint_id_destination_id_key:
    'this endpoint already has a subscription to this destination (created by a request that ran at the same time; GET /v1/subscriptions?endpoint_id=... lists it)',
};

interface DriverAdapterCause {
  kind?: string;
  originalCode?: string;
  table?: string;
  constraint?: { index?: string; fields?: string[] };
}

interface MaybeDatabaseError {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  detail?: unknown;
  cause?: unknown;
  meta?: { target?: unknown; modelName?: unknown; table?: unknown; driverAdapterError?: { cause?: DriverAdapterCause } };
}

/**
 * A unique violation however it arrives: Prisma's P2002 (or P2010 for a raw query) over the pg adapter,
 * the adapter's own error, or pg's DatabaseError with SQLSTATE 23505 from a query on the pool. Null otherwise.
 */
export function uniqueViolationOf(error: unknown): UniqueViolation | null {
  if (!error || typeof error !== 'object') return null;
  const candidate = error as MaybeDatabaseError;
  const adapterCause = candidate.meta?.driverAdapterError?.cause ?? (candidate.cause as DriverAdapterCause | undefined);
  if (
    candidate.code === 'P2002' ||
    (candidate.code === 'P2010' && adapterCause?.originalCode === UNIQUE_VIOLATION_SQLSTATE) ||
    adapterCause?.kind === 'UniqueConstraintViolation'
  ) {
    const target = candidate.meta?.target;
    return {
      constraint: adapterCause?.constraint?.index ?? (typeof target === 'string' ? target : null),
      table: text(adapterCause?.table) ?? text(candidate.meta?.table) ?? text(candidate.meta?.modelName),
      fields: adapterCause?.constraint?.fields ?? (Array.isArray(target) ? target.map(String) : []),
    };
  }
  if (candidate.code === UNIQUE_VIOLATION_SQLSTATE) {
    const columns = typeof candidate.detail === 'string' ? candidate.detail.match(/^Key \(([^)]+)\)=/)?.[1] : undefined;
    return { constraint: text(candidate.constraint), table: text(candidate.table), fields: columns ? columns.split(', ') : [] };
  }
  return null;
}

/** A 409 message naming what collided (never the values: one may be a secret's hash). */
export function describeCollision(violation: UniqueViolation): string {
  const known = violation.constraint ? COLLISIONS[violation.constraint] : undefined;
  if (known) return known;
  const what = violation.fields.length
    ? `the same ${violation.fields.join(', ')}`
    : `the same unique value${violation.constraint ? ` (${violation.constraint})` : ''}`;
  return `${violation.table ? `${violation.table}: ` : ''}a record with ${what} already exists (created by a request that ran at the same time)`;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
