// The sandbox thread: one QuickJS module, a fresh runtime per run. This file is also the thread's entry point, run
// by Node as it is (TypeScript types stripped under the tests), so it imports nothing of the project's own.
import { isAscii } from 'node:buffer';
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
 * One run. `meta` is the JSON of {method, path, headers}; `body` the captured body as a string in QuickJS's binary
 * form (bjsonString), moved to the thread without a copy and written into QuickJS as it is; it is parsed inside
 * the sandbox when it is JSON, so the host never parses or re-encodes it.
 */
export interface RunMessage {
  code: string;
  meta: string;
  body: Uint8Array;
  bodyIsJson: boolean;
  now: number;
}

/**
 * The run's reply: a line of JSON ({out, body, logs} or {error, logs}), a newline, then the body to send as text
 * (JSON.stringify never writes a raw newline, so the first one ends the line). It comes back as QuickJS wrote the
 * string (`bytes`, in bjsonString's form), or as a string where QuickJS's form is not the one this file knows. Or a
 * failure the thread named.
 */
export type RunReply = { bytes: Uint8Array } | { text: string } | { error: string; unavailable?: true };

// QuickJS's binary JSON of one string: version 5, no atoms, the string tag, then the length in characters times two
// plus one when the characters are 16-bit (LEB128), then the characters: Latin-1 bytes, or UTF-16LE.
const BJSON_STRING = [5, 0, 7] as const;

/** The binary-JSON form of a string given as UTF-8 bytes: ASCII (most JSON) is copied once, as it is. */
export function bjsonString(utf8: Uint8Array): Uint8Array {
  let payload: Uint8Array = utf8;
  let characters = utf8.length;
  let wide = false;
  if (!isAscii(utf8)) {
    const text = Buffer.from(utf8.buffer, utf8.byteOffset, utf8.length).toString('utf8');
    wide = /[^\x00-\xff]/.test(text);
    payload = Buffer.from(text, wide ? 'utf16le' : 'latin1');
    characters = text.length;
  }
  const header: number[] = [...BJSON_STRING];
  for (let length = characters * 2 + (wide ? 1 : 0); ; length >>>= 7) {
    if (length < 0x80) {
      header.push(length);
      break;
    }
    header.push((length & 0x7f) | 0x80);
  }
  // Its own ArrayBuffer, so that it can be moved to the thread rather than copied.
  const bytes = new Uint8Array(header.length + payload.length);
  bytes.set(header);
  bytes.set(payload, header.length);
  return bytes;
}

/**
 * Reads a string in bjsonString's form. `utf8` is the same string as UTF-8 bytes, without a copy when it is ASCII;
 * null when the bytes are not in that form.
 */
export function readBjsonString(bytes: Uint8Array): { text: () => string; utf8: Buffer } | null {
  if (bytes[0] !== BJSON_STRING[0] || bytes[1] !== BJSON_STRING[1] || bytes[2] !== BJSON_STRING[2]) return null;
  let length = 0;
  let offset = 3;
  for (let shift = 0; offset < bytes.length && shift < 35; shift += 7) {
    const byte = bytes[offset++]!;
    length += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) break;
  }
  const wide = length % 2 === 1;
  const payload = Buffer.from(bytes.buffer, bytes.byteOffset + offset, bytes.length - offset);
  if (payload.length !== Math.floor(length / 2) * (wide ? 2 : 1)) return null;
  if (!wide && isAscii(payload)) return { text: () => payload.toString('latin1'), utf8: payload };
  const text = payload.toString(wide ? 'utf16le' : 'latin1');
  return { text: () => text, utf8: Buffer.from(text, 'utf8') };
}

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
 * A string into QuickJS from its binary-JSON bytes: written natively, where context.newString encodes UTF-8 in a
 * JavaScript loop (0.5-1 ms for 64 KiB). Where QuickJS's own form differs (checked once), through newString.
 */
function stringFromBytes(context: QuickJSContext, bytes: Uint8Array, binaryStrings: boolean): QuickJSHandle {
  if (!binaryStrings) return context.newString(readBjsonString(bytes)?.text() ?? '');
  const buffer = context.newArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer);
  try {
    return context.decodeBinaryJSON(buffer);
  } finally {
    buffer.dispose();
  }
}

/** A QuickJS string out as its binary-JSON bytes (copied out of QuickJS's memory once), or null if not in that form. */
function bytesOfString(context: QuickJSContext, handle: QuickJSHandle): Uint8Array | null {
  const encoded = context.encodeBinaryJSON(handle);
  try {
    const view = context.getArrayBuffer(encoded);
    const bytes = new Uint8Array(view.value);
    view.dispose();
    return readBjsonString(bytes) ? bytes : null;
  } finally {
    encoded.dispose();
  }
}

function binaryStringsMatch(context: QuickJSContext): boolean {
  const probe = 'h\u00e9\u20ac';
  const ours = stringFromBytes(context, bjsonString(Buffer.from(probe)), true);
  const same = context.typeof(ours) === 'string' && context.getString(ours) === probe;
  const back = bytesOfString(context, ours);
  ours.dispose();
  return same && back !== null && readBjsonString(back)?.text() === probe;
}

function setGlobal(context: QuickJSContext, name: string, value: QuickJSHandle): void {
  context.setProp(context.global, name, value);
  value.dispose();
}

function runInRuntime(fresh: Fresh, message: RunMessage, binaryStrings: boolean): RunReply {
  const { context } = fresh;
  fresh.deadline = threadCpuMs() + SANDBOX_LIMITS.cpuMs;
  setGlobal(context, '__meta', context.newString(message.meta));
  setGlobal(context, '__body', stringFromBytes(context, message.body, binaryStrings));
  const result = context.evalCode(program(message.code, message.now, message.bodyIsJson), 'transformation.js');
  if (result.error) {
    const raw = context.dump(result.error) as unknown;
    result.error.dispose();
    return { error: limitMessage(raw, fresh.interrupted) };
  }
  try {
    const lengthHandle = context.getProp(result.value, 'length');
    const length = context.getNumber(lengthHandle);
    lengthHandle.dispose();
    if (length > SANDBOX_LIMITS.outputBytes) return { error: `output too large: over ${SANDBOX_LIMITS.outputBytes} bytes` };
    const bytes = binaryStrings ? bytesOfString(context, result.value) : null;
    return bytes ? { bytes } : { text: context.getString(result.value) };
  } finally {
    result.value.dispose();
  }
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
    // next run to a thread that is ready meanwhile. Its bytes are moved, not copied.
    port.postMessage(reply, 'bytes' in reply ? [reply.bytes.buffer as ArrayBuffer] : []);
    // A runtime QuickJS cannot free ends the thread; the pool starts another, so no other delivery is harmed.
    if (!dispose(next)) process.exit(1);
    next = freshRuntime(module);
    port.postMessage(READY);
  });
  port.postMessage(READY);
}

if ((workerData as { role?: string } | null)?.role === SANDBOX_THREAD_ROLE && parentPort) void serveRuns(parentPort);
