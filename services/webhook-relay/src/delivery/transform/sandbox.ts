import { availableParallelism } from 'node:os';
import { parentPort, Worker, workerData } from 'node:worker_threads';
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

/** What the function receives and may return: the request to send. */
export interface TransformRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export type SandboxResult =
  | { ok: true; output: unknown; logs: string[]; durationMs: number }
  | { ok: false; error: string; logs: string[]; durationMs: number; unavailable?: true };

const CPU_LIMIT = `exceeded its CPU time limit of ${SANDBOX_LIMITS.cpuMs} ms`;
const WORKER_ROLE = 'webhook-relay-transform-sandbox';
interface RunMessage {
  code: string;
  input: string;
  now: number;
}
/** The run's JSON text ({out, logs} or {error, logs}), or a failure the host named. */
type RunReply = { text: string } | { error: string; unavailable?: true };

// Runs inside the sandbox. Date is fixed to the event's capture time (set by each run) and Math.random is a seeded
// generator, so the same input gives the same output; console.* lines are kept (capped). JSON is captured before
// the tenant's code runs, so replacing JSON.parse or JSON.stringify cannot change how the result crosses back.
const PRELUDE = `
let __fixed = 0;
const __parse = JSON.parse, __stringify = JSON.stringify, __Date = Date;
globalThis.Date = class extends __Date { constructor(...a) { if (a.length === 0) super(__fixed); else super(...a); } static now() { return __fixed; } };
let __seed = 0x9e3779b9;
Math.random = () => { __seed ^= __seed << 13; __seed ^= __seed >>> 17; __seed ^= __seed << 5; return (__seed >>> 0) / 4294967296; };
const __logs = [];
const __fmt = (v) => { if (typeof v === 'string') return v; try { return __stringify(v); } catch (e) { return String(v); } };
globalThis.console = { log: (...a) => { if (__logs.length < ${SANDBOX_LIMITS.logLines}) __logs.push(a.map(__fmt).join(' ').slice(0, ${SANDBOX_LIMITS.logLineChars})); } };
console.info = console.warn = console.error = console.debug = console.log;
`;

function program(code: string, now: number): string {
  return `__fixed = ${now};
(() => {
  try {
    const fn = (${code}
    );
    if (typeof fn !== 'function') throw new TypeError('the code is not a function: write (request) => request');
    const out = fn(__parse(__input));
    if (out === undefined) throw new TypeError('the function returned undefined: return the request, or null to drop the delivery');
    if (out !== null && typeof out.then === 'function') throw new TypeError('the function returned a Promise: transformations are synchronous');
    return __stringify({ out, logs: __logs });
  } catch (e) {
    return __stringify({ error: e instanceof Error ? e.name + ': ' + e.message : 'threw ' + __fmt(e), logs: __logs });
  }
})()`;
}

/** Names the limit a run hit, or the error as QuickJS reports it. */
function limitMessage(raw: unknown, interrupted: boolean): string {
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

// ---- Inside the sandbox thread: one QuickJS module, a fresh runtime per run. ----

interface Fresh {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  deadline: number;
  interrupted: boolean;
}

/**
 * This thread's CPU time in ms (about 1 us a call). The limit counts CPU, not the wall clock: on a loaded machine
 * a run waits for a core, and that wait is not the function's doing.
 */
function threadCpuMs(): number {
  const { user, system } = threadCpuUsage();
  return (user + system) / 1000;
}

// Node 23.9 and later; @types/node does not have it yet. Older Node falls back to the wall clock.
const threadCpuUsage: () => NodeJS.CpuUsage =
  (process as unknown as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.bind(process) ??
  (() => ({ user: Date.now() * 1000, system: 0 }));

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
 * The input as a QuickJS string. context.newString encodes UTF-8 in a JavaScript loop (0.5-1 ms for 64 KiB); the
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

function runInRuntime(fresh: Fresh, message: RunMessage, binaryStrings: boolean): RunReply {
  const { context } = fresh;
  fresh.deadline = threadCpuMs() + SANDBOX_LIMITS.cpuMs;
  const input = inputString(context, message.input, binaryStrings);
  context.setProp(context.global, '__input', input);
  input.dispose();
  const result = context.evalCode(program(message.code, message.now), 'transformation.js');
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
    // The reply leaves before the runtime is freed: the host goes on while this thread cleans up.
    port.postMessage(reply);
    // The thread ends and the pool starts another: a fresh module for the next run, so no other delivery is harmed.
    if (!dispose(next)) process.exit(1);
    next = freshRuntime(module);
  });
  port.postMessage('ready');
}

if ((workerData as { role?: string } | null)?.role === WORKER_ROLE && parentPort) void serveRuns(parentPort);

// ---- On the host: a small pool of sandbox threads. ----

interface Job {
  message: RunMessage;
  finish: (reply: RunReply) => void;
}
interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

// QuickJS's interrupt handler runs between bytecodes, not inside a built-in: Array.prototype.indexOf over a
// {length: 2**53 - 1}, a sort of a 20 MB typed array, or a split of a 6 MB string run for seconds to hours in one
// call (bench/relay-transformations.md). Only terminating the thread stops them, so runs live in worker threads.
const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism()));
const slots: Slot[] = [];
const queue: Job[] = [];

function spawn(): void {
  const slot: Slot = {
    worker: new Worker(new URL(import.meta.url), { workerData: { role: WORKER_ROLE } }),
    ready: false,
    job: null,
    timer: null,
  };
  slot.worker.on('message', (reply: RunReply | 'ready') => {
    if (reply === 'ready') slot.ready = true;
    else settle(slot, reply);
    pump();
  });
  // Not the run's verdict: the run is tried again later (a function that crashes its thread every time ends as
  // any failing delivery does, after its retries).
  slot.worker.on('error', (error) => retire(slot, `the sandbox thread failed: ${error.message}`, true));
  slot.worker.on('exit', (exitCode) => retire(slot, `the sandbox thread stopped (exit code ${exitCode})`, true));
  slots.push(slot);
}

function settle(slot: Slot, reply: RunReply): void {
  const job = slot.job;
  if (slot.timer) clearTimeout(slot.timer);
  slot.job = null;
  slot.timer = null;
  job?.finish(reply);
}

/** Takes a thread out of the pool (ending its run with `error`) and starts another in its place. */
function retire(slot: Slot, error: string, unavailable = false): void {
  const reply: RunReply = unavailable ? { error, unavailable } : { error };
  const index = slots.indexOf(slot);
  if (index === -1) return;
  slots.splice(index, 1);
  settle(slot, reply);
  slot.worker.unref();
  void slot.worker.terminate();
  // A thread that never got ready (it cannot load QuickJS) fails the waiting runs rather than respawning forever.
  if (slot.ready) spawn();
  else for (const job of queue.splice(0)) job.finish(reply);
  pump();
}

function pump(): void {
  for (const slot of slots) {
    if (!slot.ready || slot.job) continue;
    const job = queue.shift();
    if (!job) return;
    slot.job = job;
    slot.timer = setTimeout(
      () => retire(slot, `${CPU_LIMIT} (stopped at the hard deadline of ${SANDBOX_LIMITS.hardDeadlineMs} ms)`),
      SANDBOX_LIMITS.hardDeadlineMs,
    );
    slot.worker.postMessage(job.message);
  }
  // Waiting runs keep the process alive; an idle pool does not. (After the listeners: adding one refs the port.)
  const busy = queue.length > 0 || slots.some((slot) => slot.job);
  for (const slot of slots)
    if (busy) slot.worker.ref();
    else slot.worker.unref();
}

/** Reads what crossed back; the tenant's code made it, so nothing in it is trusted. */
function resultOf(reply: RunReply, durationMs: number): SandboxResult {
  if ('error' in reply) return { ok: false, error: reply.error, logs: [], durationMs, ...(reply.unavailable ? { unavailable: true } : {}) };
  if (Buffer.byteLength(reply.text) > SANDBOX_LIMITS.outputBytes)
    return { ok: false, error: `output too large: over ${SANDBOX_LIMITS.outputBytes} bytes`, logs: [], durationMs };
  let parsed: { out?: unknown; error?: unknown; logs?: unknown };
  try {
    parsed = JSON.parse(reply.text) as typeof parsed;
  } catch {
    return { ok: false, error: 'the result could not be read as JSON', logs: [], durationMs };
  }
  const logs = Array.isArray(parsed.logs)
    ? parsed.logs.filter((line): line is string => typeof line === 'string').slice(0, SANDBOX_LIMITS.logLines)
    : [];
  if (typeof parsed.error === 'string') return { ok: false, error: limitMessage(parsed.error, false), logs, durationMs };
  if (!('out' in parsed)) return { ok: false, error: 'the function returned nothing that can be sent', logs, durationMs };
  return { ok: true, output: parsed.out, logs, durationMs };
}

/**
 * Runs `code` (a function expression) on `request` in a fresh QuickJS runtime with its own memory, stack and
 * CPU-time limits, in a sandbox thread terminated at a hard deadline: no network, no file system (QuickJS has
 * neither unless added), nothing kept between runs, so a prototype changed by one run is gone for the next.
 */
export function runInSandbox(code: string, request: TransformRequest, fixedNow: Date): Promise<SandboxResult> {
  const started = performance.now();
  const message: RunMessage = { code, input: JSON.stringify(request), now: fixedNow.getTime() };
  return new Promise((resolve) => {
    queue.push({ message, finish: (reply) => resolve(resultOf(reply, Math.round((performance.now() - started) * 1000) / 1000)) });
    while (slots.length < POOL_SIZE) spawn();
    pump();
  });
}
