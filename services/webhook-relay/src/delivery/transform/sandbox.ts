import { runOnPool } from './sandbox-pool.js';
import { limitMessage, type RunReply, SANDBOX_LIMITS } from './sandbox-thread.js';

export { SANDBOX_LIMITS } from './sandbox-thread.js';

/** What the function receives: the request to send, its body as text (parsed in the sandbox when it is JSON). */
export interface SandboxRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  bodyIsJson: boolean;
}

/** The body the function returned, as text to send: a string as it is, anything else as JSON. */
export interface SandboxBody {
  kind: 'text' | 'json';
  text: string;
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

/** Reads what crossed back; the tenant's code made it, so nothing in it is trusted. */
function resultOf(reply: RunReply, durationMs: number): SandboxResult {
  if ('error' in reply) return { ok: false, error: reply.error, logs: [], durationMs, ...(reply.unavailable ? { unavailable: true } : {}) };
  if (reply.text.length > SANDBOX_LIMITS.outputBytes)
    return { ok: false, error: `output too large: over ${SANDBOX_LIMITS.outputBytes} bytes`, logs: [], durationMs };
  const lineEnd = reply.text.indexOf('\n');
  let head: { out?: unknown; body?: unknown; error?: unknown; logs?: unknown };
  try {
    head = JSON.parse(lineEnd === -1 ? reply.text : reply.text.slice(0, lineEnd)) as typeof head;
  } catch {
    return { ok: false, error: 'the result could not be read as JSON', logs: [], durationMs };
  }
  const logs = Array.isArray(head.logs)
    ? head.logs.filter((line): line is string => typeof line === 'string').slice(0, SANDBOX_LIMITS.logLines)
    : [];
  if (typeof head.error === 'string') return { ok: false, error: limitMessage(head.error, false), logs, durationMs };
  if (!('out' in head)) return { ok: false, error: 'the function returned nothing that can be sent', logs, durationMs };
  const text = lineEnd === -1 ? '' : reply.text.slice(lineEnd + 1);
  const kind = head.body;
  const body: SandboxBody | null = kind === 'text' || kind === 'json' ? { kind, text } : null;
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
  const reply = await runOnPool(tenant, { code, meta: JSON.stringify(meta), body, bodyIsJson, now: fixedNow.getTime() });
  return resultOf(reply, Math.round((performance.now() - started) * 1000) / 1000);
}
