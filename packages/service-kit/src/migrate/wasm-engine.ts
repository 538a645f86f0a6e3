import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import * as bg from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { SchemaEngine } from '@prisma/schema-engine-wasm/schema_engine_bg';
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from '@prisma/driver-adapter-utils';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory, SqlQuery, SqlResultSet } from '@prisma/driver-adapter-utils';
import { PrismaPg } from '@prisma/adapter-pg';
import { connectMaintenance } from './admin-client.js';
import { quoteIdentifier } from './sql-identifier.js';

export type { SchemaEngine };

const require = createRequire(import.meta.url);

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
const CHAR_COLUMNS = Symbol('charColumns');

interface PgResult {
  fields: { dataTypeID: number }[];
}
interface PgQueryable {
  performIO(query: SqlQuery): Promise<PgResult>;
  queryRaw(query: SqlQuery): Promise<SqlResultSet>;
  startTransaction?(...args: unknown[]): Promise<unknown>;
}
type MarkedQuery = SqlQuery & { [CHAR_COLUMNS]?: number[] };

// adapter-pg 7.10 has no mapping for PostgreSQL's internal "char" type (OID 18), which the engine reads
// from pg_catalog (contype, relkind, ...): "Column type 'char' could not be deserialized". Relabelling it
// as text (STACK fix 2) is not enough: the engine reads some of these columns with as_char() and panics on
// a text value ("Getting constraint_type ... as char failed"), e.g. on PostgreSQL 15 as soon as a table has
// a CHECK constraint and on PostgreSQL 18 for every NOT NULL column, and that panic kills the process.
// So each adapter reports such columns as ColumnTypeEnum.Character instead, per query, without patching
// the process-wide pg.
function reportCharColumns<T extends object>(queryable: T): T {
  const target = queryable as unknown as PgQueryable;
  const performIO = target.performIO.bind(queryable);
  const queryRaw = target.queryRaw.bind(queryable);
  target.performIO = async (query: MarkedQuery) => {
    const result = await performIO(query);
    result.fields.forEach((field, index) => {
      if (field.dataTypeID !== PG_CHAR_OID) return;
      field.dataTypeID = PG_TEXT_OID;
      query[CHAR_COLUMNS]?.push(index);
    });
    return result;
  };
  target.queryRaw = async (query: SqlQuery) => {
    const marked: MarkedQuery = { ...query, [CHAR_COLUMNS]: [] };
    const result = await queryRaw(marked);
    for (const index of marked[CHAR_COLUMNS] ?? []) result.columnTypes[index] = ColumnTypeEnum.Character;
    return result;
  };
  if (target.startTransaction) {
    const startTransaction = target.startTransaction.bind(queryable);
    target.startTransaction = async (...args: unknown[]) => reportCharColumns((await startTransaction(...args)) as object);
  }
  return queryable;
}

// adapter-pg's executeScript splits a migration on every ";" and runs the pieces one by one, so a function
// body or a string literal containing ";" breaks, and a failing migration leaves its first statements
// applied. The native engine sends the script as one simple query, which PostgreSQL runs as one implicit
// transaction (hence Prisma's rule that CREATE INDEX CONCURRENTLY needs a migration of its own); same here.
function sendScriptsWhole(adapter: SqlDriverAdapter): void {
  const pg = adapter as unknown as { onError(error: unknown): never; underlyingDriver(): { query(sql: string): Promise<unknown> } };
  const onError = pg.onError.bind(adapter);
  const pool = pg.underlyingDriver();
  adapter.executeScript = async (script: string) => {
    try {
      await pool.query(script);
    } catch (error) {
      onError(error);
    }
  };
}

// lib is ES2023 without DOM and @types/node 20 declares no WebAssembly global, so the bit used is typed here.
interface WasmExports {
  __wbindgen_start(): void;
}
const { WebAssembly: Wasm } = globalThis as unknown as {
  WebAssembly: {
    instantiate(bytes: Uint8Array, imports: Record<string, unknown>): Promise<{ instance: { exports: WasmExports } }>;
  };
};

let wasmReady: Promise<void> | undefined;

// The engine arms a 10 s setTimeout per operation (a timeout guard; the bindings import no clearTimeout),
// so every command leaves a timer that keeps Node alive 10 s after the work is done: a CLI hangs and jest's
// globalSetup delays the run. Unref'd timers still fire while sockets or other work keep the process up.
function withUnrefTimers(bindings: typeof bg): Record<string, unknown> {
  const imports: Record<string, unknown> = { ...bindings };
  for (const name of Object.keys(imports)) {
    if (!name.startsWith('__wbg_setTimeout_')) continue;
    imports[name] = (callback: () => void, ms: number) => {
      const timer = setTimeout(callback, ms >>> 0);
      timer.unref();
      return timer;
    };
  }
  return imports;
}

// schema_engine.js imports the .wasm as an ES module, which Node 20 only allows behind a flag, so the
// bindings (schema_engine_bg.js) are wired by hand. One instance per module registry: every SchemaEngine
// shares its memory, and SchemaEngine.new() can be called any number of times afterwards (verified:
// several engines, also alive at the same time, on different databases in one process; other and new
// engines keep working after one engine panicked).
export function loadSchemaEngineWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const wasmPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg').replace(/\.js$/, '.wasm');
    const { instance } = await Wasm.instantiate(await readFile(wasmPath), { './schema_engine_bg.js': withUnrefTimers(bg) });
    (bg as unknown as { __wbg_set_wasm(exports: WasmExports): void }).__wbg_set_wasm(instance.exports);
    // Without the start function every adapter call fails with "failed to get connection info ...
    // invalid type: JsValue(undefined), expected a string".
    instance.exports.__wbindgen_start();
  })().catch((error: unknown) => {
    wasmReady = undefined;
    throw error;
  });
  return wasmReady;
}

let lastPanic: string | undefined;

// The bindings' panic hook calls global.PRISMA_WASM_PANIC_REGISTRY.set_message() and then the call traps
// with a bare "RuntimeError: unreachable"; keeping the message is the only way to say what went wrong.
function installPanicRegistry(): void {
  (globalThis as { PRISMA_WASM_PANIC_REGISTRY?: unknown }).PRISMA_WASM_PANIC_REGISTRY = {
    set_message(message: string) {
      lastPanic = message;
    },
  };
}

/** The message of a schema engine panic since the last call, if any. */
export function takeSchemaEnginePanic(): string | undefined {
  const message = lastPanic;
  lastPanic = undefined;
  return message;
}

// Replaces adapter-pg's own factory: its connectToShadowDb drops the shadow database while its pool is
// still connected (the drop fails and the database stays), and with a connection string it ignores the
// database override, pointing the "shadow" at the real database. It also keeps every adapter so the pools
// can be ended on close: SchemaEngine.free() does not dispose them, and idle pool clients both keep the
// process alive and block CREATE DATABASE ... TEMPLATE.
class PgMigrateAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = 'postgres' as const;
  readonly adapterName = '@prisma/adapter-pg';
  private readonly open = new Set<SqlDriverAdapter>();

  private readonly config: pg.PoolConfig;

  // One connection per pool, like the native engine's single session. The engine takes the session-level
  // pg_advisory_lock(72707369) on every applyMigrations and never unlocks it, so a command landing on a
  // second pooled connection blocks on the first one's lock (then fails after 10 s); one session also keeps
  // statements strictly in order. With pg's default pool of 10, fresh-database deploys failed in 3 early
  // runs with `relation "User" does not exist` on a second migration's ALTER TABLE (not reproduced on
  // demand since). Safe: deploy/dev/status never call startTransaction, so no connection is held while
  // the engine queries the pool.
  constructor(config: pg.PoolConfig) {
    this.config = { ...config, max: 1 };
  }

  async connect(): Promise<SqlDriverAdapter> {
    return this.track(await new PrismaPg(this.config).connect());
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const admin = await connectMaintenance(this.config);
    // The pid makes leftovers of a killed process attributable (and lets tests check their own).
    const name = quoteIdentifier(`prisma_shadow_${process.pid}_${randomUUID().replace(/-/g, '').slice(0, 16)}`);
    try {
      await admin.query(`CREATE DATABASE ${name}`);
      const adapter = await new PrismaPg({ ...this.config, database: name.slice(1, -1) }).connect();
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        try {
          await dispose();
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await admin.end().catch(() => undefined);
        }
      };
      return this.track(adapter);
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
      throw error;
    }
  }

  private track(adapter: SqlDriverAdapter): SqlDriverAdapter {
    reportCharColumns(adapter);
    sendScriptsWhole(adapter);
    const dispose = adapter.dispose.bind(adapter);
    let disposed: Promise<void> | undefined;
    adapter.dispose = () => {
      this.open.delete(adapter);
      disposed ??= dispose();
      return disposed;
    };
    this.open.add(adapter);
    return adapter;
  }

  async disposeAll(): Promise<void> {
    await Promise.allSettled([...this.open].map((adapter) => adapter.dispose()));
  }
}

export interface SchemaEngineHandle {
  engine: SchemaEngine;
  /** Frees the wasm engine and ends every pg pool it opened. Safe to call twice. */
  close(): Promise<void>;
}

export async function openSchemaEngine(
  poolConfig: pg.PoolConfig,
  schemaFiles: [path: string, content: string][],
  log: (line: string) => void = (line) => {
    if (process.env.SE_DEBUG) process.stderr.write(`${line}\n`);
  },
): Promise<SchemaEngineHandle> {
  installPanicRegistry();
  await loadSchemaEngineWasm();
  const factory = new PgMigrateAdapterFactory(poolConfig);
  let engine: SchemaEngine;
  try {
    engine = await bg.SchemaEngine.new({ datamodels: schemaFiles }, log, bindMigrationAwareSqlAdapterFactory(factory));
  } catch (error) {
    await factory.disposeAll();
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    engine,
    close() {
      closed ??= (async () => {
        try {
          engine.free();
        } catch {
          // After a panic the engine stays "borrowed" and cannot be freed; only its wasm memory is lost.
        } finally {
          await factory.disposeAll();
        }
      })();
      return closed;
    },
  };
}
