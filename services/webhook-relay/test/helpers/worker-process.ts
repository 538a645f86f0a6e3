import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { REDIS_URL, type DeliveryHarness } from './delivery-harness.js';
import { TEST_MASTER_KEY } from './test-app.js';

const serviceRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface WorkerProcess {
  child: ChildProcess;
  /** What it wrote so far: JSON log lines on stdout; stderr is also passed through for the CI log. */
  output: { stdout: string; stderr: string };
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
}

/**
 * The real worker process (dist/worker.js, built before the tests run) on the harness's database and Redis
 * prefix, with short locks and intervals so takeovers and repairs happen within a test.
 */
export function startWorkerProcess(
  h: DeliveryHarness,
  options: { healthPort?: number; logLevel?: string; env?: Record<string, string> } = {},
): WorkerProcess {
  const child = spawn(process.execPath, ['dist/worker.js'], {
    cwd: serviceRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      DATABASE_URL: h.context.databaseUrl,
      DATABASE_APP_URL: h.context.appRoleUrl,
      MIGRATE_ON_START: 'false',
      RELAY_MASTER_KEY: TEST_MASTER_KEY.toString('base64'),
      REDIS_URL,
      RELAY_QUEUE_PREFIX: h.prefix,
      RELAY_WORKER_LOCK_MS: '1000',
      RELAY_RECONCILE_INTERVAL_MS: '200',
      RELAY_EGRESS_ALLOW: '127.0.0.1/32',
      WORKER_HEALTH_PORT: String(options.healthPort ?? 0),
      RELAY_RETRY_SCHEDULE: '100ms,100ms,100ms',
      LOG_LEVEL: options.logLevel ?? 'silent',
      ...options.env,
    },
  });
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => {
    output.stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, exited };
}

/** Stops a worker process (SIGTERM: it finishes its job in flight) unless it has exited already. */
export async function stopWorkerProcess(worker: WorkerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill(signal);
  await worker.exited;
}
