// A Redis server of the test's own (Debian's redis-server on a free port, nothing on disk), so that
// FLUSHALL and a restart hit nothing but the test.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { waitFor } from './processes.js';

export class PrivateRedis {
  private child: ChildProcess | undefined;

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitFor(`redis-server on ${this.port}`, async () => this.cli('PING') === 'PONG');
  }

  cli(...args: string[]): string {
    return spawnSync('redis-cli', ['-p', String(this.port), ...args], { encoding: 'utf8' }).stdout.trim();
  }

  /** Stops the server; with no persistence, whatever it held is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}
