// A restart between upload and completion: the service process (dist/server.js) takes a document,
// starts translating it and is killed with SIGKILL (no chance to hand the job back). Another process's
// worker takes the job once its lease runs out, and the document completes and downloads with
// deepl-node; its status was answered by a process that never saw the upload.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as deepl from 'deepl-node';
import { createTestContext, deeplClientOptions, type TestContext } from '../helpers/test-app.js';

const serviceRoot = fileURLToPath(new URL('../..', import.meta.url));
let ctx: TestContext;
let child: ChildProcess | undefined;

beforeAll(async () => {
  // This process's own worker starts only after the kill, as a restarted replica would.
  ctx = await createTestContext({ documentWorker: false });
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await ctx.close();
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startService(port: number): Promise<ChildProcess> {
  const service = spawn(process.execPath, ['dist/server.js'], {
    cwd: serviceRoot,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: ctx.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      MIGRATE_ON_START: 'false',
      LOG_LEVEL: 'info',
      APERTIUM_CHAINS_PER_PAIR: '1',
      TRANSLATOR_DOCUMENT_WORKERS: '1',
      TRANSLATOR_DOCUMENT_LEASE_SECONDS: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    service.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('translator listening')) resolve();
    });
    service.on('exit', (code) => reject(new Error(`the service exited with ${code}: ${output}`)));
  });
  return service;
}

describe('a document job across a restart', () => {
  it('completes and downloads after the process translating it was killed', async () => {
    const key = await ctx.createKey();
    const port = await freePort();
    child = await startService(port);
    const client = new deepl.Translator(key.secret, deeplClientOptions(`http://127.0.0.1:${port}`));
    // Large enough that the killed process is still translating it (about 300k characters).
    const lines = Array.from({ length: 4000 }, (_, index) => `Line ${index}: the black cat sleeps in the big house.`);
    const handle = await client.uploadDocument(Buffer.from(lines.join('\n')), 'en', 'es', { filename: 'long.txt' });

    let status = await client.getDocumentStatus(handle);
    while (status.status === 'queued') status = await client.getDocumentStatus(handle);
    expect(status.status).toBe('translating');
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    child = undefined;
    const row = await ctx.db.documentJob.findFirstOrThrow({ where: { apiKeyId: key.id } });
    expect(row.status).toBe('translating');
    expect(row.attempts).toBe(1);

    // "Restart": a worker in this process, and deepl-node pointed at this process's app.
    ctx.newDocumentWorker({ pollMs: 200 }).start();
    const restarted = new deepl.Translator(key.secret, deeplClientOptions((await ctx.listen()).url));
    const { status: done } = await restarted.isDocumentTranslationComplete(handle);
    expect(done.done()).toBe(true);
    expect(done.billedCharacters).toBe(lines.join('').length);
    const outputDir = mkdtempSync(join(tmpdir(), 'translator-restart-'));
    await restarted.downloadDocument(handle, join(outputDir, 'long.es.txt'));
    const translated = readFileSync(join(outputDir, 'long.es.txt'), 'utf8').split('\n');
    rmSync(outputDir, { recursive: true, force: true });
    expect(translated).toHaveLength(4000);
    expect(translated[3999]).toBe('Línea 3999: los sueños de gato negros en la casa grande.');
    // Downloaded once: the job and its files are gone.
    expect(await ctx.db.documentJob.count({ where: { apiKeyId: key.id } })).toBe(0);
  }, 120_000);
});
