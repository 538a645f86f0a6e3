// Runs a program with its input on stdin and collects stdout, bounded in time and output size; the
// caller's signal ends it early. What espeak-ng and ffmpeg are run with for translated speech.
import { spawn } from 'node:child_process';

const MAX_OUTPUT_BYTES = 512 * 1024 * 1024;

export class ProgramFailed extends Error {
  override readonly name = 'ProgramFailed';
  constructor(
    readonly program: string,
    detail: string,
  ) {
    super(`${program} failed: ${detail}`);
  }
}

export function runProgram(
  program: string,
  args: string[],
  input: Buffer,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'], timeout: options.timeoutMs, killSignal: 'SIGKILL' });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    const onAbort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    // A program that exits before reading all its input closes stdin under us; its exit status says what happened.
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => {
      options.signal?.removeEventListener('abort', onAbort);
      reject(new ProgramFailed(program, error.message));
    });
    child.on('close', (code, signal) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (options.signal?.aborted) return reject(options.signal.reason ?? new Error('aborted'));
      if (code === 0) return resolve(Buffer.concat(chunks));
      const last = stderr.trim().split('\n').slice(-1)[0] ?? '';
      reject(
        new ProgramFailed(
          program,
          signal ? `killed by ${signal} (time limit or output over ${MAX_OUTPUT_BYTES} bytes)` : last || `exit ${code}`,
        ),
      );
    });
    child.stdin.end(input);
  });
}
