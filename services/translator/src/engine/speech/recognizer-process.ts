// One warm recognizer: a Python process running speech/recognizer-worker.py with pocketsphinx's model
// loaded once. Frames to it: a type byte, a 4-byte big-endian length, the payload; answers: JSON lines.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { RecognitionListener } from './speech-recognizer.js';
import type { TermWord } from './term-pronunciations.js';

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'finished' }
  | { type: 'tentative'; text: string }
  | { type: 'concluded'; text: string; start_ms: number; end_ms: number }
  | { type: 'error'; message: string };

interface Waiter {
  expect: 'ready' | 'finished';
  resolve(): void;
  reject(error: Error): void;
}

export class RecognizerProcessError extends Error {
  override readonly name = 'RecognizerProcessError';
}

export class RecognizerProcess {
  /** Resolves once the model is loaded (rejects if the process dies first). */
  readonly loaded: Promise<void>;
  /** Resolves when the process has exited, for whatever reason. */
  readonly exited: Promise<void>;
  /** Where the stream in progress reports; undefined between streams and after an abort. */
  listener: RecognitionListener | undefined;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiters: Waiter[] = [];
  private alive = true;
  private stderrTail = '';

  constructor(python: string, script: string) {
    this.child = spawn(python, ['-u', script], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdin.on('error', () => undefined);
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-2000);
    });
    this.exited = new Promise((resolve) => {
      this.child.on('error', (error) => this.died(error.message).then(resolve));
      this.child.on('exit', (code, signal) => void this.died(`exited (${signal ?? code})`).then(resolve));
    });
    this.loaded = this.expect('ready');
    // Awaited when a stream is given this process; one that dies while loading with no stream waiting (a
    // replacement, or at shutdown) must not be an unhandled rejection, which ends the service.
    this.loaded.catch(() => undefined);
    createInterface({ input: this.child.stdout }).on('line', (line) => this.receive(line));
  }

  get isAlive(): boolean {
    return this.alive;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Starts a stream; resolves once the terms' words are in the recognizer. */
  open(words: readonly TermWord[]): Promise<void> {
    this.send('O', Buffer.from(JSON.stringify({ words }), 'utf8'));
    return this.expect('ready');
  }

  audio(pcm: Buffer): void {
    if (pcm.length > 0) this.send('A', pcm);
  }

  /** The last utterance is concluded; resolves once the recognizer is clean for the next stream. */
  finish(): Promise<void> {
    this.send('F', Buffer.alloc(0));
    return this.expect('finished');
  }

  /** Drops the stream; resolves once the recognizer is clean for the next stream. */
  abort(): Promise<void> {
    this.listener = undefined;
    this.send('X', Buffer.alloc(0));
    return this.expect('finished');
  }

  kill(): void {
    if (this.alive) this.child.kill('SIGKILL');
  }

  private send(type: string, payload: Buffer): void {
    if (!this.alive) return;
    const header = Buffer.alloc(5);
    header.write(type, 0, 'ascii');
    header.writeUInt32BE(payload.length, 1);
    this.child.stdin.write(payload.length > 0 ? Buffer.concat([header, payload]) : header);
  }

  private expect(expect: Waiter['expect']): Promise<void> {
    if (!this.alive) return Promise.reject(new RecognizerProcessError(`the recognizer process is gone${this.detail()}`));
    return new Promise((resolve, reject) => this.waiters.push({ expect, resolve, reject }));
  }

  private receive(line: string): void {
    let message: WorkerMessage;
    try {
      message = JSON.parse(line) as WorkerMessage;
    } catch {
      return;
    }
    switch (message.type) {
      // A listener that throws must not stop this process from answering the pool.
      case 'tentative':
        this.report(() => this.listener?.tentative(message.text));
        return;
      case 'concluded':
        this.report(() => this.listener?.concluded({ text: message.text, startMs: message.start_ms, endMs: message.end_ms }));
        return;
      case 'error':
        this.waiters.shift()?.reject(new RecognizerProcessError(`the recognizer failed: ${message.message}`));
        return;
      default: {
        const waiter = this.waiters.shift();
        if (waiter?.expect === message.type) waiter.resolve();
        else waiter?.reject(new RecognizerProcessError(`the recognizer answered ${message.type}, not ${waiter.expect}`));
      }
    }
  }

  private report(call: () => void): void {
    try {
      call();
    } catch {
      // The stream's owner learns of its own failure; the recognizer goes on.
    }
  }

  private async died(reason: string): Promise<void> {
    if (!this.alive) return;
    this.alive = false;
    const error = new RecognizerProcessError(`the recognizer process ${reason}${this.detail()}`);
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  }

  private detail(): string {
    const last = this.stderrTail.trim().split('\n').at(-1);
    return last ? `: ${last}` : '';
  }
}
