import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import * as bg from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { SchemaEngine } from '@prisma/schema-engine-wasm/schema_engine_bg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPg } from '@prisma/adapter-pg';
import { connectMaintenance } from './admin-client.js';
import { quoteIdentifier } from './sql-identifier.js';

export type { SchemaEngine };

const require = createRequire(import.meta.url);

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
const PATCHED = Symbol.for('@workspace/service-kit/pg-char-as-text');

// adapter-pg 7.10 has no mapping for the internal "char" type (OID 18), which the engine reads from
// pg_catalog during introspection ("Column type 'char' could not be deserialized"). pg already returns
// it as a string, so relabelling it as text changes nothing else. This patches the process-wide pg,
// which must be the copy adapter-pg loads (pnpm: one pg version in the lockfile).
function patchPgCharAsText(): void {
  const Result = require('pg/lib/result') as { prototype: Record<PropertyKey, unknown> };
  if (Result.prototype[PATCHED]) return;
  const addFields = Result.prototype.addFields as (this: unknown, fields: { dataTypeID: number }[]) => void;
  Result.prototype.addFields = function (this: unknown, fields: { dataTypeID: number }[]) {
    for (const field of fields) if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    return addFields.call(this, fields);
  };
  Result.prototype[PATCHED] = true;
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
// several engines, also alive at the same time, on different databases in one process).
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

// The wasm panic hook reports through this global; the engine crashes on first panic without it.
function installPanicRegistry(): void {
  const g = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { set_message(message: string): void } };
  g.PRISMA_WASM_PANIC_REGISTRY ??= { set_message() {} };
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

  constructor(private readonly config: pg.PoolConfig) {}

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
  patchPgCharAsText();
  installPanicRegistry();
  await loadSchemaEngineWasm();
  const factory = new PgMigrateAdapterFactory(poolConfig);
  let engine: SchemaEngine;
  try {
    engine = await bg.SchemaEngine.new(
      { datamodels: schemaFiles },
      log,
      bindMigrationAwareSqlAdapterFactory(factory),
    );
  } catch (error) {
    await factory.disposeAll();
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    engine,
    close() {
      closed ??= (async () => {
        engine.free();
        await factory.disposeAll();
      })();
      return closed;
    },
  };
}
