// The sandbox thread: one QuickJS module, a fresh runtime per run. This file is also the thread's entry point, run
// by Node as it is (TypeScript types stripped under the tests), so it imports nothing of the project's own.
import { parentPort, workerData } from 'node:worker_threads';
import {
  newQuickJSWASMModule,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten';

/** Hard limits of one run (docs/transformations.md). */
export const SANDBOX_LIMITS = {
  memoryBytes: 32 * 1024 * 1024,
  stackBytes: 512 * 1024,
  cpuMs: 50,
  /**
   * Wall clock from handing the run to its thread: a run still going then has its thread terminated. Far above
   * the CPU limit, so a run the machine's load slowed down is not taken for a hostile one; it stops only what the
   * interrupt handler cannot (a built-in running for seconds).
   */
  hardDeadlineMs: 1000,
  outputBytes: 1024 * 1024,
  logLines: 50,
  logLineChars: 1000,
} as const;

export const CPU_LIMIT = `exceeded its CPU time limit of ${SANDBOX_LIMITS.cpuMs} ms`;
export const SANDBOX_THREAD_ROLE = 'webhook-relay-transform-sandbox';

/**
 * One run. The request crosses as text: `meta` is the JSON of {method, path, headers}; `body` the captured body,
 * parsed inside the sandbox when it is JSON (so the host never parses or re-encodes it).
 */
export interface RunMessage {
  code: string;
  meta: string;
  body: string;
  bodyIsJson: boolean;
  now: number;
}

/**
 * The run's reply: a line of JSON ({out, body, logs} or {error, logs}), a newline, then the body to send as text
 * (JSON.stringify never writes a raw newline, so the first one ends the line). Or a failure the thread named.
 */
export type RunReply = { text: string } | { error: string; unavailable?: true };

/** The thread tells the host it holds a fresh runtime and can take the next run. */
export const READY = 'ready';

// Runs inside the sandbox. Date is fixed to the event's capture time (set by each run) and Math.random is a seeded
// generator, so the same input gives the same output; console.* lines are kept (capped). JSON is captured before
// the tenant's code runs, so replacing JSON.parse or JSON.stringify cannot change how the result crosses back.
const PRELUDE = `
let __fixed = 0;
const __parse = JSON.parse, __stringify = JSON.stringify, __Date = Date, __isArray = Array.isArray;
globalThis.Date = class extends __Date { constructor(...a) { if (a.length === 0) super(__fixed); else super(...a); } static now() { return __fixed; } };
let __seed = 0x9e3779b9;
Math.random = () => { __seed ^= __seed << 13; __seed ^= __seed >>> 17; __seed ^= __seed << 5; return (__seed >>> 0) / 4294967296; };
const __logs = [];
const __fmt = (v) => { if (typeof v === 'string') return v; try { return __stringify(v); } catch (e) { return String(v); } };
globalThis.console = { log: (...a) => { if (__logs.length < ${SANDBOX_LIMITS.logLines}) __logs.push(a.map(__fmt).join(' ').slice(0, ${SANDBOX_LIMITS.logLineChars})); } };
console.info = console.warn = console.error = console.debug = console.log;
`;

// Each field of the result is read once (a getter runs once, inside the limits); the body is encoded on its own, so
// the host reads a small line of JSON and takes the body as the text to send.
function program(code: string, now: number, bodyIsJson: boolean): string {
  return `__fixed = ${now};
(() => {
  try {
    const fn = (${code}
    );
    if (typeof fn !== 'function') throw new TypeError('the code is not a function: write (request) => request');
    const request = __parse(__meta);
    request.body = __body;
    ${bodyIsJson ? 'try { request.body = __parse(__body); } catch (e) {}' : ''}
    const out = fn(request);
    if (out === undefined) throw new TypeError('the function returned undefined: return the request, or null to drop the delivery');
    if (out !== null && typeof out.then === 'function') throw new TypeError('the function returned a Promise: transformations are synchronous');
    if (out === null || typeof out !== 'object' || __isArray(out)) return __stringify({ out, logs: __logs }) + '\\n';
    const { method, path, headers, body } = out;
    const text = typeof body === 'string' ? body : body === undefined ? undefined : __stringify(body);
    const kind = typeof body === 'string' ? 'text' : text === undefined ? 'missing' : 'json';
    return __stringify({ out: { method, path, headers }, body: kind, logs: __logs }) + '\\n' + (text ?? '');
  } catch (e) {
    return __stringify({ error: e instanceof Error ? e.name + ': ' + e.message : 'threw ' + __fmt(e), logs: __logs }) + '\\n';
  }
})()`;
}

/** Names the limit a run hit, or the error as QuickJS reports it. */
export function limitMessage(raw: unknown, interrupted: boolean): string {
  if (interrupted) return CPU_LIMIT;
  const text =
    raw && typeof raw === 'object' && 'message' in raw
      ? `${(raw as { name?: string }).name ?? 'Error'}: ${(raw as { message: string }).message}`
      : String(raw);
  if (/^InternalError: out of memory/.test(text))
    return `exceeded its memory limit of ${SANDBOX_LIMITS.memoryBytes / 1024 / 1024} MiB (${text})`;
  if (/^InternalError: string too long/.test(text)) return `exceeded the longest string QuickJS can hold (${text})`;
  if (/^(InternalError|RangeError): .*(stack overflow|call stack)/i.test(text))
    return `exceeded its stack limit of ${SANDBOX_LIMITS.stackBytes / 1024} KiB (${text})`;
  return text;
}

interface Fresh {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  deadline: number;
  interrupted: boolean;
}

// Node 23.9 and later; @types/node does not have it yet. Older Node falls back to the wall clock.
const threadCpuUsage: () => NodeJS.CpuUsage =
  (process as unknown as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.bind(process) ??
  (() => ({ user: Date.now() * 1000, system: 0 }));

/**
 * This thread's CPU time in ms (about 1 us a call). The limit counts CPU, not the wall clock: on a loaded machine
 * a run waits for a core, and that wait is not the function's doing.
 */
function threadCpuMs(): number {
  const { user, system } = threadCpuUsage();
  return (user + system) / 1000;
}

/** A runtime never used before, its limits set and the prelude run: made after a run, off the next one's path. */
function freshRuntime(module: QuickJSWASMModule): Fresh {
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(SANDBOX_LIMITS.memoryBytes);
  runtime.setMaxStackSize(SANDBOX_LIMITS.stackBytes);
  const fresh: Fresh = { runtime, context: runtime.newContext(), deadline: Number.POSITIVE_INFINITY, interrupted: false };
  runtime.setInterruptHandler(() => {
    if (threadCpuMs() > fresh.deadline) fresh.interrupted = true;
    return fresh.interrupted;
  });
  fresh.context.unwrapResult(fresh.context.evalCode(PRELUDE, 'prelude.js')).dispose();
  return fresh;
}

/**
 * A string into QuickJS. context.newString encodes UTF-8 in a JavaScript loop (0.5-1 ms for 64 KiB); the
 * binary-JSON form of one string is its Latin-1 or UTF-16 bytes behind a 4-byte header, which Buffer writes natively.
 * The header is checked against QuickJS's own encoding once; if it differs, newString is used.
 */
function inputString(context: QuickJSContext, text: string, binaryStrings: boolean): QuickJSHandle {
  if (!binaryStrings) return context.newString(text);
  const wide = /[^\x00-\xff]/.test(text);
  const payload = Buffer.from(text, wide ? 'utf16le' : 'latin1');
  const header = [5, 0, 7];
  for (let length = text.length * 2 + (wide ? 1 : 0); ; length >>>= 7) {
    if (length < 0x80) {
      header.push(length);
      break;
    }
    header.push((length & 0x7f) | 0x80);
  }
  const bytes = Buffer.concat([Buffer.from(header), payload]);
  const buffer = context.newArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  try {
    return context.decodeBinaryJSON(buffer);
  } finally {
    buffer.dispose();
  }
}

function binaryStringsMatch(context: QuickJSContext): boolean {
  const probe = 'h\u00e9\u20ac';
  const own = context.newString(probe);
  const ours = inputString(context, probe, true);
  const same = context.typeof(ours) === 'string' && context.getString(ours) === probe;
  const encoded = context.encodeBinaryJSON(own);
  const reference = Buffer.from(context.getArrayBuffer(encoded).value);
  [own, ours, encoded].forEach((handle) => handle.dispose());
  return same && reference.subarray(0, 3).equals(Buffer.from([5, 0, 7]));
}

function setGlobalString(context: QuickJSContext, name: string, text: string, binaryStrings: boolean): void {
  const handle = inputString(context, text, binaryStrings);
  context.setProp(context.global, name, handle);
  handle.dispose();
}

function runInRuntime(fresh: Fresh, message: RunMessage, binaryStrings: boolean): RunReply {
  const { context } = fresh;
  fresh.deadline = threadCpuMs() + SANDBOX_LIMITS.cpuMs;
  setGlobalString(context, '__meta', message.meta, binaryStrings);
  setGlobalString(context, '__body', message.body, binaryStrings);
  const result = context.evalCode(program(message.code, message.now, message.bodyIsJson), 'transformation.js');
  if (result.error) {
    const raw = context.dump(result.error) as unknown;
    result.error.dispose();
    return { error: limitMessage(raw, fresh.interrupted) };
  }
  const length = context.getNumber(context.getProp(result.value, 'length'));
  if (length > SANDBOX_LIMITS.outputBytes) {
    result.value.dispose();
    return { error: `output too large: over ${SANDBOX_LIMITS.outputBytes} bytes` };
  }
  const text = context.getString(result.value);
  result.value.dispose();
  return { text };
}

/** Frees a used runtime; one QuickJS cannot free (it ran out of memory mid-allocation) takes the module with it. */
function dispose(fresh: Fresh): boolean {
  try {
    fresh.context.dispose();
    fresh.runtime.dispose();
    return true;
  } catch {
    return false;
  }
}

async function serveRuns(port: NonNullable<typeof parentPort>): Promise<void> {
  const module = await newQuickJSWASMModule();
  const probe = module.newContext();
  const binaryStrings = binaryStringsMatch(probe);
  probe.dispose();
  let next = freshRuntime(module);
  port.on('message', (message: RunMessage) => {
    let reply: RunReply;
    try {
      reply = runInRuntime(next, message, binaryStrings);
    } catch (error) {
      reply = { error: limitMessage(error, next.interrupted) };
    }
    // The reply leaves before the runtime is freed: the host goes on while this thread cleans up, and hands the
    // next run to a thread that is ready meanwhile.
    port.postMessage(reply);
    // A runtime QuickJS cannot free ends the thread; the pool starts another, so no other delivery is harmed.
    if (!dispose(next)) process.exit(1);
    next = freshRuntime(module);
    port.postMessage(READY);
  });
  port.postMessage(READY);
}

if ((workerData as { role?: string } | null)?.role === SANDBOX_THREAD_ROLE && parentPort) void serveRuns(parentPort);
