// Runs Apertium modes by their own codes (`eng-spa`): per mode a pool of warm chains (pipeline.ts), created lazily up to
// `chainsPerPair`, each segment sent to the least-loaded chain. Formatting and chunking happen here in
// TypeScript, so the chains only ever see stream-format segments.
import { EngineError } from '../engine-error.js';
import type { ModePair, RunOptions, RunResult } from './runner-types.js';
import { fromStream, isCompleteOutput, toStream, type StreamFormat } from './format.js';
import { codeSpellings } from './language-codes.js';
import { DEFAULT_MODES_DIR, listModes, readModeFile, type ModeInfo, type PipelineCommand } from './mode-file.js';
import { Pipeline, type ChainObserver, type Timers } from './pipeline.js';
import type { StageAllocator } from './stage-allocator.js';
import type { StageScheduling } from './stage-scheduling.js';
import { DEFAULT_MAX_CHUNK_CHARS, joinChunks, splitSentences, splitText } from './text-chunks.js';

export interface ApertiumRunnerOptions {
  modesDir?: string;
  /** Measured on 2 vCPU: 2 chains gave 108k-127k chars/s, 4 no better; the default (APERTIUM_CHAINS_PER_PAIR) is cores / 2, at least 1. */
  chainsPerPair?: number;
  maxChunkChars?: number;
  timeoutBaseMs?: number;
  timeoutPerCharMs?: number;
  /** Extra budget for a fresh chain's first answer (pipeline.ts). */
  startAllowanceMs?: number;
  timers?: Timers;
  /** Linux scheduling policy of the stage processes (stage-scheduling.ts); default `normal`. */
  stageScheduling?: StageScheduling;
  /** The malloc the stage processes run with (stage-allocator.ts); default: the system's. */
  stageAllocator?: StageAllocator;
  /** A chain with no work for this long is stopped (~200 MB each); 0 keeps chains forever. */
  idleShutdownMs?: number;
  now?: () => number;
  /** Queue waits and chain restarts, for metrics and logs (absent: not reported). */
  observer?: ChainObserver;
}

/**
 * How many shared chains a segment may be sent to when chains are killed under it (sendSurvivingRestarts);
 * after that it gets one chain of its own.
 */
const SHARED_SENDS = 2;

interface Pool {
  commands: PipelineCommand[];
  pipelines: Pipeline[];
  /** The chain that runs one segment at a time, for segments whose shared chains were killed under them. */
  alone: SoloLane;
}

interface SoloLane {
  pipeline: Pipeline | undefined;
  /** The last segment's turn: the next one starts when it ends. */
  tail: Promise<unknown>;
}

export class ApertiumRunner {
  private modes: Promise<ModeInfo[]> | undefined;
  private readonly pools = new Map<string, Promise<Pool>>();
  private closed = false;
  private readonly lastUsed = new WeakMap<Pipeline, number>();
  /** Modes that keep one chain running even when idle (the pairs warmed at boot). */
  private readonly keptWarm = new Set<string>();
  private reaper: NodeJS.Timeout | undefined;

  constructor(private readonly options: ApertiumRunnerOptions = {}) {}

  async pairs(): Promise<ModePair[]> {
    return (await this.listModes()).map(({ source, target }) => ({ source, target }));
  }

  async translate(segments: string[], options: RunOptions): Promise<RunResult[]> {
    this.refuseIfClosed();
    const work = this.findMode(options.source, options.target).then((mode) =>
      Promise.all(segments.map((segment) => this.translateText(mode, segment, options.format))),
    );
    const texts = await abortable(work, options.signal);
    return texts.map((text) => ({ text, detectedSource: options.source }));
  }

  /** Keeps one chain of this mode running through idle periods. */
  keepWarm(source: string, target: string): void {
    this.keptWarm.add(`${source}-${target}`);
  }

  /** Stops chains idle for longer than `idleShutdownMs`; runs on a timer, callable directly in tests. */
  async stopIdleChains(): Promise<number> {
    const idleMs = this.options.idleShutdownMs ?? 0;
    if (idleMs <= 0) return 0;
    const now = this.now();
    const stopping: Pipeline[] = [];
    for (const [name, pool] of this.pools) {
      const { pipelines, alone } = await pool;
      if (alone.pipeline && this.isIdle(alone.pipeline, now, idleMs)) {
        stopping.push(alone.pipeline);
        alone.pipeline = undefined;
      }
      const keep = this.keptWarm.has(name) ? 1 : 0;
      for (const pipeline of [...pipelines]) {
        if (pipelines.length <= keep) break;
        if (!this.isIdle(pipeline, now, idleMs)) continue;
        pipelines.splice(pipelines.indexOf(pipeline), 1);
        stopping.push(pipeline);
      }
    }
    await Promise.all(stopping.map((pipeline) => pipeline.close()));
    return stopping.length;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private refuseIfClosed(): void {
    if (this.closed) throw new EngineError('CLOSED', 'the engine is closed');
  }

  private isIdle(pipeline: Pipeline, now: number, idleMs: number): boolean {
    return pipeline.load === 0 && now - (this.lastUsed.get(pipeline) ?? now) >= idleMs;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reaper) clearInterval(this.reaper);
    const pools = await Promise.all(this.pools.values());
    this.pools.clear();
    await Promise.all(pools.flatMap(chainsOf).map((pipeline) => pipeline.close()));
  }

  /** Every process id of every chain; lets tests and health checks see what runs. */
  async processIds(): Promise<number[]> {
    const pools = await Promise.all(this.pools.values());
    return pools.flatMap(chainsOf).flatMap((pipeline) => pipeline.pids);
  }

  private async translateText(mode: ModeInfo, text: string, format: StreamFormat | undefined): Promise<string> {
    const bounded = splitText(text, this.options.maxChunkChars ?? DEFAULT_MAX_CHUNK_CHARS);
    // Plain text goes to the chain a sentence per segment (text-chunks.ts says why); markup, whose tags may span
    // sentences, and `split_sentences=0` go whole.
    const bySentence = !format || (!format.markup && format.splitSentences !== '0');
    const chunks = bySentence ? bounded.flatMap((chunk) => splitSentences(chunk)) : bounded;
    const translated = await Promise.all(chunks.map((chunk) => this.translateChunk(mode, chunk.text, format)));
    return joinChunks(chunks, translated);
  }

  private async translateChunk(mode: ModeInfo, chunk: string, format: StreamFormat | undefined): Promise<string> {
    // Leading and trailing whitespace pass through verbatim: the chain would trim or move it.
    const [, lead = '', body = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(chunk) ?? [];
    if (!body) return chunk;
    const stream = toStream(body, format);
    return lead + fromStream(await this.sendSurvivingRestarts(mode, stream)) + trail;
  }

  /**
   * A segment in a chain that is killed (a stage crashed, or another segment hung) is sent again. A chain holds
   * the segments of every key, and a crash does not say which of them caused it, so a segment is tried in shared
   * chains SHARED_SENDS times; on a starved machine a restarted chain can be killed again before its turn. Then it
   * waits for the chain that runs one segment at a time: there only its own crash can fail it. So a key whose
   * texts crash every chain they meet fails its own requests, and the other keys' segments are late, not lost.
   */
  private async sendSurvivingRestarts(mode: ModeInfo, stream: string): Promise<string> {
    for (let sends = 1; sends <= SHARED_SENDS; sends++) {
      try {
        return await this.send(mode, stream);
      } catch (error) {
        if (!killedUnder(error)) throw error;
      }
    }
    return this.sendAlone(mode, stream);
  }

  private async send(mode: ModeInfo, stream: string): Promise<string> {
    const { commands, pipelines } = await this.poolOf(mode);
    // From here to `translate` no await: choosing a chain and raising its load must be one step,
    // or a burst of segments would all see the same idle chain.
    this.refuseIfClosed();
    const idlest = pipelines.reduce<Pipeline | undefined>((best, p) => (!best || p.load < best.load ? p : best), undefined);
    // A new chain costs ~100 ms and ~190 MB, so only start one when every existing chain has work.
    let chosen = idlest;
    if ((idlest === undefined || idlest.load > 0) && pipelines.length < (this.options.chainsPerPair ?? 2)) {
      chosen = this.newChain(mode, commands);
      pipelines.push(chosen);
    }
    this.lastUsed.set(chosen!, this.now());
    return chosen!.translate(stream);
  }

  /** Sends a segment to its mode's one-at-a-time chain, once its turn comes. */
  private async sendAlone(mode: ModeInfo, stream: string): Promise<string> {
    const { commands, alone } = await this.poolOf(mode);
    const turn = alone.tail.then(() => {
      this.refuseIfClosed();
      alone.pipeline ??= this.newChain(mode, commands);
      this.lastUsed.set(alone.pipeline, this.now());
      return alone.pipeline.translate(stream);
    });
    alone.tail = turn.catch(() => undefined);
    return turn;
  }

  private poolOf(mode: ModeInfo): Promise<Pool> {
    let pool = this.pools.get(mode.name);
    if (!pool) {
      pool = readModeFile(mode.path).then((commands) => ({
        commands,
        pipelines: [],
        alone: { pipeline: undefined, tail: Promise.resolve() },
      }));
      this.pools.set(mode.name, pool);
    }
    return pool;
  }

  private newChain(mode: ModeInfo, commands: PipelineCommand[]): Pipeline {
    this.startReaper();
    return new Pipeline({
      ...this.options,
      commands,
      name: mode.name,
      isComplete: isCompleteOutput,
      scheduling: this.options.stageScheduling,
      preload: this.options.stageAllocator?.preload,
    });
  }

  private startReaper(): void {
    const idleMs = this.options.idleShutdownMs ?? 0;
    if (this.reaper || idleMs <= 0) return;
    this.reaper = setInterval(() => void this.stopIdleChains().catch(() => undefined), Math.min(idleMs, 60_000));
    this.reaper.unref();
  }

  private async findMode(source: string, target: string): Promise<ModeInfo> {
    const modes = await this.listModes();
    for (const from of codeSpellings(source)) {
      for (const to of codeSpellings(target)) {
        const mode = modes.find((candidate) => candidate.source === from && candidate.target === to);
        if (mode) return mode;
      }
    }
    throw new EngineError('UNSUPPORTED_PAIR', `no Apertium pair for ${source} -> ${target}`);
  }

  private listModes(): Promise<ModeInfo[]> {
    this.modes ??= listModes(this.options.modesDir ?? DEFAULT_MODES_DIR);
    return this.modes;
  }
}

function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  // Segments already written cannot be recalled; their answers are read and dropped, keeping the FIFO aligned.
  // Never leave the work's rejection unhandled once we stop listening to it.
  work.catch(() => {});
  if (signal.aborted) return Promise.reject(new EngineError('ABORTED', 'translation aborted', signal.reason));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new EngineError('ABORTED', 'translation aborted', signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Whether a segment failed because its chain was killed (by any segment in it), not by an answer of its own. */
function killedUnder(error: unknown): boolean {
  return error instanceof EngineError && (error.code === 'RESTARTED' || error.code === 'EXITED');
}

/** A pool's shared chains and its one-at-a-time chain, if running. */
function chainsOf(pool: Pool): Pipeline[] {
  return pool.alone.pipeline ? [...pool.pipelines, pool.alone.pipeline] : pool.pipelines;
}
