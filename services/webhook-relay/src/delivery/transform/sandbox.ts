import { runOnPool } from './sandbox-pool.js';
import { bjsonString, limitMessage, type RunReply, readBjsonString, SANDBOX_LIMITS } from './sandbox-thread.js';

/** What the function receives: the request to send, its body as UTF-8 (parsed in the sandbox when it is JSON). */
export interface SandboxRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Uint8Array;
  bodyIsJson: boolean;
}

/** The body the function returned, as the UTF-8 bytes to send: a string as it is, anything else as JSON. */
export interface SandboxBody {
  kind: 'text' | 'json';
  bytes: Buffer;
}

export type SandboxResult =
  | {
      ok: true;
      /** null to drop; otherwise {method, path, headers} as returned (anything else is the host's to refuse). */
      output: unknown;
      body: SandboxBody | null;
      logs: string[];
      durationMs: number;
    }
  | { ok: false; error: string; logs: string[]; durationMs: number; unavailable?: true };

/** The reply's text: its first line (the JSON head) and the rest (the body) as UTF-8, without a copy when ASCII. */
function splitReply(reply: { bytes: Uint8Array } | { text: string }): { head: string; body: Buffer } | null {
  if ('text' in reply) {
    const lineEnd = reply.text.indexOf('\n');
    if (lineEnd === -1) return { head: reply.text, body: Buffer.alloc(0) };
    return { head: reply.text.slice(0, lineEnd), body: Buffer.from(reply.text.slice(lineEnd + 1), 'utf8') };
  }
  const read = readBjsonString(reply.bytes);
  if (!read) return null;
  // ASCII: the bytes are the text. Otherwise the text is decoded and the body encoded again.
  const lineEnd = read.utf8.indexOf(0x0a);
  if (lineEnd === -1) return { head: read.utf8.toString('utf8'), body: Buffer.alloc(0) };
  return { head: read.utf8.subarray(0, lineEnd).toString('utf8'), body: read.utf8.subarray(lineEnd + 1) };
}

/** Reads what crossed back; the tenant's code made it, so nothing in it is trusted. */
function resultOf(reply: RunReply, durationMs: number): SandboxResult {
  if ('error' in reply) return { ok: false, error: reply.error, logs: [], durationMs, ...(reply.unavailable ? { unavailable: true } : {}) };
  const size = 'text' in reply ? reply.text.length : reply.bytes.length;
  if (size > SANDBOX_LIMITS.outputBytes * 2 + 8)
    return { ok: false, error: `output too large: over ${SANDBOX_LIMITS.outputBytes} bytes`, logs: [], durationMs };
  const split = splitReply(reply);
  let head: { out?: unknown; body?: unknown; error?: unknown; logs?: unknown };
  try {
    if (!split) throw new Error('unreadable');
    head = JSON.parse(split.head) as typeof head;
  } catch {
    return { ok: false, error: 'the result could not be read as JSON', logs: [], durationMs };
  }
  const logs = Array.isArray(head.logs)
    ? head.logs.filter((line): line is string => typeof line === 'string').slice(0, SANDBOX_LIMITS.logLines)
    : [];
  if (typeof head.error === 'string') return { ok: false, error: limitMessage(head.error, false), logs, durationMs };
  if (!('out' in head)) return { ok: false, error: 'the function returned nothing that can be sent', logs, durationMs };
  const kind = head.body;
  const body: SandboxBody | null = split && (kind === 'text' || kind === 'json') ? { kind, bytes: split.body } : null;
  return { ok: true, output: head.out, body, logs, durationMs };
}

/**
 * Runs `code` (a function expression) on `request` in a fresh QuickJS runtime with its own memory, stack and
 * CPU-time limits, in a sandbox thread terminated at a hard deadline: no network, no file system (QuickJS has
 * neither unless added), nothing kept between runs, so a prototype changed by one run is gone for the next. Runs
 * wait behind the same tenant's, never behind another's (sandbox-pool.ts).
 */
export async function runInSandbox(tenant: string, code: string, request: SandboxRequest, fixedNow: Date): Promise<SandboxResult> {
  const started = performance.now();
  const { body, bodyIsJson, ...meta } = request;
  const message = { code, meta: JSON.stringify(meta), body: bjsonString(body), bodyIsJson, now: fixedNow.getTime() };
  const reply = await runOnPool(tenant, message);
  return resultOf(reply, Math.round((performance.now() - started) * 1000) / 1000);
}
