// One warm Apertium chain: the stages of a mode spawned once, joined stdout->stdin, fed NUL-terminated
// segments back to back. Every stage flushes on NUL (`-z`), so each segment comes back as one
// NUL-terminated record and records return in the order written: in-flight work is a FIFO.
import { spawn, type ChildProcess } from 'node:child_process';
import { EngineError } from '../engine-error.js';
import type { PipelineCommand } from './mode-file.js';
import { stageEnvironment } from './stage-allocator.js';
import { scheduledCommand, type StageScheduling } from './stage-scheduling.js';

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PipelineOptions {
  commands: PipelineCommand[];
  /** Budget for the segment at the head of the queue: base plus a per-character share. */
  timeoutBaseMs?: number;
  timeoutPerCharMs?: number;
  /**
   * Added to the budget of a freshly started chain's first answer: its stages load their transducers first,
   * which takes seconds on a busy machine, and a chain killed for that would only start cold again. Default 20 s.
   */
  startAllowanceMs?: number;
  timers?: Timers;
  /** Tells a real answer from debris of a dying chain; a record failing it restarts the chain. */
  isComplete?: (output: string) => boolean;
  /** Linux scheduling policy of the stage processes (stage-scheduling.ts); default `normal`. */
  scheduling?: StageScheduling;
  /** A malloc library every stage starts with preloaded (stage-allocator.ts); default: the system's. */
  preload?: string;
  /** The mode this chain runs (`eng-spa`), for what the observer reports. */
  name?: string;
  /** Told of each segment's wait behind earlier ones and of each chain stopped by a crash or timeout. */
  observer?: ChainObserver;
}

/** What a chain reports for metrics and logs (none of it is needed to translate). */
export interface ChainObserver {
  /** Seconds a segment waited in the chain's queue before the chain started on it. */
  queueWait(seconds: number): void;
  /** A chain was killed because a stage exited, hung past its timeout or answered with debris. */
  restarted(event: { mode: string; cause: RestartCause; reason: string; pids: number[]; inFlight: number }): void;
}

/** Why a chain was killed: a stage exited, the head segment got no answer in time, or a record was debris. */
export type RestartCause = 'exited' | 'timeout' | 'incomplete';

interface InFlight {
  chars: number;
  /** performance.now() when it was queued. */
  queuedAt: number;
  resolve(text: string): void;
  reject(error: EngineError): void;
}

const NUL = 0;

export class Pipeline {
  private children: ChildProcess[] = [];
  private queue: InFlight[] = [];
  private received: Buffer[] = [];
  private unwritten: string[] = [];
  private timer: unknown;
  /** Whether the running chain has answered once, i.e. finished loading. */
  private answered = false;
  private closed = false;
  private readonly timers: Timers;

  constructor(private readonly options: PipelineOptions) {
    this.timers = options.timers ?? { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };
  }

  /** Segments written and not yet answered: what the pool balances on. */
  get load(): number {
    return this.queue.length;
  }

  get pids(): number[] {
    return this.children.flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
  }

  /** Sends one stream-format segment; resolves with the chain's output for it (without the NUL). */
  translate(stream: string): Promise<string> {
    if (this.closed) return Promise.reject(new EngineError('CLOSED', 'the pipeline is closed'));
    // Restart lazily: a chain killed by a timeout or crash comes back on the next use.
    if (this.children.length === 0) this.start();
    return new Promise((resolve, reject) => {
      this.queue.push({ chars: stream.length, queuedAt: performance.now(), resolve, reject });
      if (this.queue.length === 1) this.startHead();
      this.unwritten.push(`${stream}\0`);
      if (this.unwritten.length === 1) setImmediate(() => this.writeUnwritten());
    });
  }

  // Segments that arrive in the same turn of the event loop go to the chain in one write: each write
  // wakes the first stage, and a woken stage costs CPU that the translation itself needs.
  private writeUnwritten(): void {
    const segments = this.unwritten;
    this.unwritten = [];
    if (segments.length > 0) this.children[0]?.stdin?.write(segments.join(''));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stop(new EngineError('CLOSED', 'the pipeline was closed'));
  }

  private start(): void {
    const children: ChildProcess[] = [];
    const env = stageEnvironment(this.options.preload);
    for (const command of this.options.commands) {
      const previous = children.at(-1);
      const launch = scheduledCommand(command, this.options.scheduling ?? 'normal');
      const child = spawn(launch.program, launch.args, { env, stdio: [previous ? previous.stdout! : 'pipe', 'pipe', 'ignore'] });
      // Named by the stage's own program, not by chrt that may have started it. (Both events come after this turn.)
      child.on('error', (error) => this.onExit(children, `${command.program}: ${error.message}`));
      child.on('exit', (code, signal) => this.onExit(children, `${command.program} exited (${signal ?? code})`));
      // The stage now holds its own copy of the pipe; ours would only keep it open after a crash.
      previous?.stdout?.destroy();
      children.push(child);
    }
    this.children = children;
    this.answered = false;
    this.received = [];
    // EPIPE on a dead chain surfaces as an exit above; writes must not throw unhandled.
    children[0]!.stdin!.on('error', () => {});
    children.at(-1)!.stdout!.on('data', (data: Buffer) => {
      // Bytes still buffered from a chain we already killed belong to nobody in the current queue.
      if (children === this.children) this.onData(data);
    });
  }

  private onData(data: Buffer): void {
    let from = 0;
    for (let at = data.indexOf(NUL); at >= 0; at = data.indexOf(NUL, from)) {
      this.received.push(data.subarray(from, at));
      const text = Buffer.concat(this.received).toString('utf8');
      this.received = [];
      from = at + 1;
      if (this.options.isComplete && !this.options.isComplete(text)) {
        this.reportRestart('incomplete', 'a stage returned an incomplete record');
        void this.stop(new EngineError('EXITED', 'apertium chain returned an incomplete record'));
        return;
      }
      const head = this.queue.shift();
      this.answered = true;
      this.disarmTimer();
      if (this.queue.length) this.startHead();
      head?.resolve(text);
    }
    if (from < data.length) this.received.push(data.subarray(from));
  }

  private onExit(children: ChildProcess[], reason: string): void {
    // Exits of a chain we already replaced or stopped are expected.
    if (children !== this.children) return;
    this.reportRestart('exited', reason);
    void this.stop(new EngineError('EXITED', `apertium chain stopped: ${reason}`));
  }

  private reportRestart(cause: RestartCause, reason: string): void {
    this.options.observer?.restarted({ mode: this.options.name ?? 'unknown', cause, reason, pids: this.pids, inFlight: this.queue.length });
  }

  /** The head of the queue is what the chain works on now: its wait is over and its timeout starts. */
  private startHead(): void {
    this.options.observer?.queueWait((performance.now() - this.queue[0]!.queuedAt) / 1000);
    this.armTimer();
  }

  private armTimer(): void {
    const head = this.queue[0]!;
    const startAllowance = this.answered ? 0 : (this.options.startAllowanceMs ?? 20_000);
    const ms = (this.options.timeoutBaseMs ?? 5000) + (this.options.timeoutPerCharMs ?? 0.5) * head.chars + startAllowance;
    const timer = this.timers.setTimeout(() => {
      // A loop turn runs its due timers before it reads the pipes: after this process was kept from running
      // (a long collection, a starved machine), the head's answer may be waiting unread. Look once the loop has
      // read what the chain wrote; an answer, or the chain's end, disarms this timer.
      setImmediate(() => {
        if (this.timer === timer) this.timeOut(ms);
      });
    }, ms);
    this.timer = timer;
  }

  /** The head got no answer within its budget: the chain is killed and the head fails with TIMEOUT. */
  private timeOut(ms: number): void {
    this.reportRestart('timeout', `no answer within ${Math.round(ms)} ms`);
    const stuck = this.queue.shift();
    // Segments behind the stuck one were never looked at: they may be retried on a fresh chain.
    // The stuck one hears of it only once the old processes are gone.
    void this.stop(new EngineError('RESTARTED', 'apertium chain restarted after a timeout')).then(() =>
      stuck?.reject(new EngineError('TIMEOUT', `apertium chain gave no answer within ${Math.round(ms)} ms`)),
    );
  }

  private disarmTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Kills every stage, rejects whatever is in flight and waits for the processes to be gone. */
  private async stop(error: EngineError): Promise<void> {
    this.disarmTimer();
    const children = this.children;
    this.children = [];
    const pending = this.queue;
    this.queue = [];
    this.unwritten = [];
    for (const item of pending) item.reject(error);
    await Promise.all(children.map(killAndWait));
  }
}

function killAndWait(child: ChildProcess): Promise<void> {
  // No pid: the spawn itself failed and there is no process to wait for.
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
