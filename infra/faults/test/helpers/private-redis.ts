// A Redis server of the test's own (Debian's redis-server on a free port, nothing on disk), so that
// FLUSHALL and a restart hit nothing but the test.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { exited, freePort } from './processes.js';

const START_ATTEMPTS = 20;

export class PrivateRedis {
  private child: ChildProcess | undefined;
  private boundPort: number | undefined;

  /** Set by the first start; a restart comes back on the same port. */
  get port(): number {
    if (this.boundPort === undefined) throw new Error('PrivateRedis: start() it first');
    return this.boundPort;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /**
   * Starts redis-server and checks that the server answering on the port is this very process (a port
   * picked in advance can be taken meanwhile by another test's server). A first start that loses its
   * port picks another; a restart waits for its own to be free again.
   */
  async start(): Promise<void> {
    for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
      const port = this.boundPort ?? (await freePort());
      const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      if (await this.answersAs(child, port)) {
        this.child = child;
        this.boundPort = port;
        return;
      }
      await exited(child, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`redis-server could not bind a port in ${START_ATTEMPTS} attempts`);
  }

  /** True once the server on `port` reports the child's pid; false if the child exits first. */
  private async answersAs(child: ChildProcess, port: number): Promise<boolean> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) return false;
      const info = cli(port, 'INFO', 'server');
      const pid = /process_id:(\d+)/.exec(info)?.[1];
      if (pid !== undefined) return Number(pid) === child.pid;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  }

  cli(...args: string[]): string {
    return cli(this.port, ...args);
  }

  /** SIGSTOP: the server keeps every connection open and answers nothing (a stall, not an outage). */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  /** SIGCONT after pause(): it answers again, with everything it held. */
  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** Stops the server; with no persistence, whatever it held is gone. */
  async stop(): Promise<void> {
    if (this.child) await exited(this.child, 'SIGKILL');
  }
}

function cli(port: number, ...args: string[]): string {
  return spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' }).stdout.trim();
}
