// The wasm engine rejects with Error objects (name SchemaConnectorError, `code` such as P3009) whose message
// ends in a Rust span trace ("   0: sql_schema_connector::apply_migration::apply_script\n  with migration_name=…
// at …rs:113"). Older paths reject with JSON-RPC-like objects ({ message, error_code, meta }), sometimes
// stringified. Only the readable part is kept, plus the error code and the failing migration's name.

const ERROR_CODE = /^P\d{4}$/;
const TRACE_FRAME = /^\s*\d+: \S/;
const MIGRATION_NAME = /migration_name="([^"]+)"/;
const GENERIC_PREFIX = 'external connector error';

interface Described {
  code?: string;
  message: string;
}

function parseMaybeJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

function codeOf(value: Record<string, unknown>): string | undefined {
  const code = value.error_code ?? value.errorCode ?? value.code;
  return typeof code === 'string' && ERROR_CODE.test(code) ? code : undefined;
}

function describe(value: unknown, depth = 0): Described {
  if (depth > 4) return { message: String(value) };
  if (typeof value === 'string') {
    const parsed = parseMaybeJson(value);
    return parsed === undefined ? { message: value } : describe(parsed, depth + 1);
  }
  if (typeof value !== 'object' || value === null) return { message: String(value) };
  const record = value as Record<string, unknown>;
  const code = codeOf(record);
  if (record.user_facing_error !== undefined) {
    const inner = describe(record.user_facing_error, depth + 1);
    return { code: inner.code ?? code, message: inner.message };
  }
  const inner = record.message ?? record.error;
  if (inner === undefined) {
    try {
      return { code, message: JSON.stringify(value) };
    } catch {
      return { code, message: String(value) };
    }
  }
  const described = describe(inner, depth + 1);
  return { code: described.code ?? code, message: described.message };
}

function clean(message: string): { text: string; migration?: string } {
  const lines = message.split('\n');
  const traceStart = lines.findIndex((line) => TRACE_FRAME.test(line));
  const trace = traceStart >= 0 ? lines.slice(traceStart).join('\n') : '';
  let kept = (traceStart >= 0 ? lines.slice(0, traceStart) : lines).map((line) => line.trimEnd());
  while (kept.length > 1 && kept[0]?.trim() === GENERIC_PREFIX) kept = kept.slice(1);
  const text = kept.join('\n').trim();
  const migration = MIGRATION_NAME.exec(trace)?.[1];
  return migration ? { text, migration } : { text };
}

export function engineErrorMessage(error: unknown): string {
  const { code, message } = describe(error);
  const { text, migration } = clean(message);
  let result = text || 'unknown schema engine error';
  if (migration && !result.includes(migration)) result = `migration ${migration}: ${result}`;
  if (code && !result.startsWith(code)) result = `${code}: ${result}`;
  return result;
}

export class MigrationError extends Error {
  readonly code: string | undefined;

  constructor(command: string, cause: unknown) {
    super(`Migration ${command} failed: ${engineErrorMessage(cause)}`, { cause });
    this.name = 'MigrationError';
    this.code = typeof cause === 'object' && cause !== null ? codeOf(cause as Record<string, unknown>) : undefined;
  }
}
