import { newQuickJSWASMModule, type QuickJSWASMModule } from 'quickjs-emscripten';

/** Hard limits of one run (docs/transformations.md). */
export const SANDBOX_LIMITS = {
  memoryBytes: 32 * 1024 * 1024,
  stackBytes: 512 * 1024,
  cpuMs: 50,
  outputBytes: 1024 * 1024,
  logLines: 50,
  logLineChars: 1000,
} as const;

/** What the function receives and may return: the request to send. */
export interface TransformRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export type SandboxResult =
  | { ok: true; output: unknown; logs: string[]; durationMs: number }
  | { ok: false; error: string; logs: string[]; durationMs: number };

let modulePromise: Promise<QuickJSWASMModule> | null = null;

/**
 * One QuickJS module (the wasm, loaded from the package: no network); every run gets its own runtime. A run
 * that leaves its runtime unable to be freed (QuickJS aborts freeing a runtime that ran out of memory
 * mid-allocation) takes the module with it: the next run loads a fresh one, so no other delivery is harmed.
 */
export function quickJs(): Promise<QuickJSWASMModule> {
  modulePromise ??= newQuickJSWASMModule();
  return modulePromise;
}

function discardModule(): void {
  modulePromise = null;
}

// Runs inside the sandbox. Date is fixed to the event's capture time and Math.random is a seeded generator, so the
// same input gives the same output; console.* lines are kept (capped). The result crosses back as one JSON string.
const PRELUDE = `
const __fixed = __now;
const __Date = Date;
globalThis.Date = class extends __Date { constructor(...a) { if (a.length === 0) super(__fixed); else super(...a); } static now() { return __fixed; } };
let __seed = 0x9e3779b9;
Math.random = () => { __seed ^= __seed << 13; __seed ^= __seed >>> 17; __seed ^= __seed << 5; return (__seed >>> 0) / 4294967296; };
const __logs = [];
const __fmt = (v) => { if (typeof v === 'string') return v; try { return JSON.stringify(v); } catch (e) { return String(v); } };
globalThis.console = { log: (...a) => { if (__logs.length < ${SANDBOX_LIMITS.logLines}) __logs.push(a.map(__fmt).join(' ').slice(0, ${SANDBOX_LIMITS.logLineChars})); } };
console.info = console.warn = console.error = console.debug = console.log;
`;

function program(code: string): string {
  return `${PRELUDE}
(() => {
  let out, error = null;
  try {
    const fn = (${code}
    );
    if (typeof fn !== 'function') throw new TypeError('the code is not a function: write (request) => request');
    out = fn(JSON.parse(__input));
    if (out === undefined) throw new TypeError('the function returned undefined: return the request, or null to drop the delivery');
    if (out !== null && typeof out.then === 'function') throw new TypeError('the function returned a Promise: transformations are synchronous');
  } catch (e) {
    error = e instanceof Error ? e.name + ': ' + e.message : 'threw ' + __fmt(e);
  }
  return JSON.stringify(error === null ? { out, logs: __logs } : { error, logs: __logs });
})()`;
}

/**
 * Runs `code` (a function expression) on `request` in a fresh QuickJS runtime with its own memory, stack and
 * CPU-time limits: no network, no file system (QuickJS has neither unless added), nothing kept between runs, so
 * a prototype changed by one run is gone for the next.
 */
export async function runInSandbox(code: string, request: TransformRequest, fixedNow: Date): Promise<SandboxResult> {
  const module = await quickJs();
  const started = performance.now();
  const runtime = module.newRuntime();
  const elapsed = () => Math.round((performance.now() - started) * 1000) / 1000;
  try {
    runtime.setMemoryLimit(SANDBOX_LIMITS.memoryBytes);
    runtime.setMaxStackSize(SANDBOX_LIMITS.stackBytes);
    const deadline = Date.now() + SANDBOX_LIMITS.cpuMs;
    let interrupted = false;
    runtime.setInterruptHandler(() => {
      if (Date.now() > deadline) interrupted = true;
      return interrupted;
    });
    const context = runtime.newContext();
    try {
      const input = context.newString(JSON.stringify(request));
      context.setProp(context.global, '__input', input);
      input.dispose();
      const now = context.newNumber(fixedNow.getTime());
      context.setProp(context.global, '__now', now);
      now.dispose();
      const result = context.evalCode(program(code), 'transformation.js');
      if (result.error) {
        const raw = context.dump(result.error) as unknown;
        result.error.dispose();
        return { ok: false, error: limitMessage(raw, interrupted), logs: [], durationMs: elapsed() };
      }
      const length = context.getNumber(context.getProp(result.value, 'length'));
      if (length > SANDBOX_LIMITS.outputBytes) {
        result.value.dispose();
        return { ok: false, error: `output too large: over ${SANDBOX_LIMITS.outputBytes} bytes`, logs: [], durationMs: elapsed() };
      }
      const text = context.getString(result.value);
      result.value.dispose();
      const parsed = JSON.parse(text) as { out?: unknown; error?: string; logs: string[] };
      if (parsed.error !== undefined) return { ok: false, error: parsed.error, logs: parsed.logs, durationMs: elapsed() };
      return { ok: true, output: parsed.out, logs: parsed.logs, durationMs: elapsed() };
    } finally {
      try {
        context.dispose();
      } catch {
        discardModule();
      }
    }
  } catch (error) {
    discardModule();
    return { ok: false, error: limitMessage(error, false), logs: [], durationMs: elapsed() };
  } finally {
    try {
      runtime.dispose();
    } catch {
      discardModule();
    }
  }
}

/** Names the limit a run hit, or the error as QuickJS reports it. */
function limitMessage(raw: unknown, interrupted: boolean): string {
  if (interrupted) return `exceeded its CPU time limit of ${SANDBOX_LIMITS.cpuMs} ms`;
  const text =
    raw && typeof raw === 'object' && 'message' in raw
      ? `${(raw as { name?: string }).name ?? 'Error'}: ${(raw as { message: string }).message}`
      : String(raw);
  if (/out of memory/i.test(text)) return `exceeded its memory limit of ${SANDBOX_LIMITS.memoryBytes / 1024 / 1024} MiB (${text})`;
  if (/stack overflow/i.test(text)) return `exceeded its stack limit (${text})`;
  return text;
}
