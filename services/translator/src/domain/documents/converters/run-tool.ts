// Runs one of the document tools on files in a temporary directory of its own (removed afterwards),
// bounded in time; the caller's signal (the worker stopping) ends it early.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TIMEOUT_MS = 120_000;
const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;

export class ToolFailed extends Error {
  override readonly name = 'ToolFailed';
  constructor(
    readonly program: string,
    readonly stderr: string,
  ) {
    super(`${program} failed: ${stderr.trim().split('\n').slice(-1)[0] ?? ''}`);
  }
}

export async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'translator-document-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function runTool(program: string, args: string[], options: { cwd: string; signal?: AbortSignal }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      program,
      args,
      {
        cwd: options.cwd,
        encoding: 'buffer',
        timeout: TIMEOUT_MS,
        maxBuffer: MAX_OUTPUT_BYTES,
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (error, stdout, stderr) => {
        if (error) reject(new ToolFailed(program, stderr.toString('utf8') || error.message));
        else resolve(stdout);
      },
    );
  });
}
