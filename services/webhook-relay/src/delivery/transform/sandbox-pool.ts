import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CPU_LIMIT, READY, type RunMessage, type RunReply, SANDBOX_LIMITS, SANDBOX_THREAD_ROLE } from './sandbox-thread.js';

// QuickJS's interrupt handler runs between bytecodes, not inside a built-in: Array.prototype.indexOf over a
// {length: 2**53 - 1}, a sort of a 20 MB typed array, or a split of a 6 MB string run for seconds to hours in one
// call (bench/relay-transformations.md). Only terminating the thread stops them, so runs live in worker threads.
//
// Tenants share the threads, nothing else: runs wait in a queue per tenant, the tenants are served in turn, and no
// tenant holds more than PER_TENANT threads at once. A tenant whose every run goes to the hard deadline holds one
// thread for a second per run; the others keep the rest of the pool.

interface Job {
  tenant: string;
  message: RunMessage;
  finish: (reply: RunReply) => void;
}
interface Slot {
  worker: Worker;
  /** Holds a fresh runtime and no run. */
  ready: boolean;
  /** Has loaded QuickJS once: a thread that never does fails the waiting runs rather than respawning forever. */
  started: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/**
 * Two threads whatever the cores: a run is a few ms of CPU, and a second thread is what lets another tenant run
 * while one tenant's run goes to the hard deadline. More would only add memory (each holds its QuickJS module).
 */
const POOL_SIZE = 2;
/** Threads one tenant may hold at once: all but one, so another tenant always finds one within a run's time. */
const PER_TENANT = POOL_SIZE - 1;
// The thread runs this module's sibling with this module's own extension (.js built, .ts under the tests).
const THREAD_URL = new URL(`./sandbox-thread${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

const slots: Slot[] = [];
/** Waiting runs per tenant; the Map's order is the turn (a tenant served goes to the back). */
const waiting = new Map<string, Job[]>();
const running = new Map<string, number>();

function spawn(): void {
  const slot: Slot = {
    worker: new Worker(THREAD_URL, { workerData: { role: SANDBOX_THREAD_ROLE } }),
    ready: false,
    started: false,
    job: null,
    timer: null,
  };
  slot.worker.on('message', (reply: RunReply | typeof READY) => {
    if (reply === READY) {
      slot.ready = true;
      slot.started = true;
    } else settle(slot, reply);
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
  if (!job) return;
  const held = (running.get(job.tenant) ?? 1) - 1;
  if (held > 0) running.set(job.tenant, held);
  else running.delete(job.tenant);
  job.finish(reply);
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
  if (slot.started) spawn();
  else {
    for (const jobs of waiting.values()) for (const job of jobs) job.finish(reply);
    waiting.clear();
  }
  pump();
}

/** The next run to start: the first tenant in turn with a run waiting and a thread to spare. */
function nextJob(): Job | undefined {
  for (const [tenant, jobs] of waiting) {
    if ((running.get(tenant) ?? 0) >= PER_TENANT) continue;
    const job = jobs.shift()!;
    waiting.delete(tenant);
    if (jobs.length > 0) waiting.set(tenant, jobs);
    running.set(tenant, (running.get(tenant) ?? 0) + 1);
    return job;
  }
  return undefined;
}

function pump(): void {
  for (const slot of slots) {
    if (!slot.ready || slot.job) continue;
    const job = nextJob();
    if (!job) break;
    slot.job = job;
    slot.ready = false;
    slot.timer = setTimeout(
      () => retire(slot, `${CPU_LIMIT} (stopped at the hard deadline of ${SANDBOX_LIMITS.hardDeadlineMs} ms)`),
      SANDBOX_LIMITS.hardDeadlineMs,
    );
    slot.worker.postMessage(job.message, [job.message.body.buffer as ArrayBuffer]);
  }
  // Waiting runs keep the process alive; an idle pool does not. (After the listeners: adding one refs the port.)
  const busy = waiting.size > 0 || slots.some((slot) => slot.job);
  for (const slot of slots)
    if (busy) slot.worker.ref();
    else slot.worker.unref();
}

/** Queues a run behind the tenant's own, and answers with what its thread replied (or the limit that stopped it). */
export function runOnPool(tenant: string, message: RunMessage): Promise<RunReply> {
  return new Promise((finish) => {
    const jobs = waiting.get(tenant);
    if (jobs) jobs.push({ tenant, message, finish });
    else waiting.set(tenant, [{ tenant, message, finish }]);
    while (slots.length < POOL_SIZE) spawn();
    pump();
  });
}
