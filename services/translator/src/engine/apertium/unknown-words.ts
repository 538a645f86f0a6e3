// Words Apertium does not know, for document quality reports: the texts go once through the pair's
// first mode with unknown-word marks on (`apertium` without `-u`, a cold run of its own: the warm
// chains drop the marks), and every `*word` of the output is a source word the dictionaries lack.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { hasCrashingTagger, splitPipeline } from './mode-file.js';

const MARKED = /\*([^\s*.,;:!?()[\]{}"'«»¿¡]+)/gu;
const TIMEOUT_MS = 120_000;

/** Per text, its unknown words in order; undefined when the output cannot be matched to the texts. */
export async function findUnknownWords(modesDir: string, mode: string, texts: string[]): Promise<string[][] | undefined> {
  if (texts.length === 0) return [];
  // parseMode leaves out a crashing tagger; `apertium` would run it and answer nothing (mode-file.ts).
  const stock = splitPipeline(await readFile(join(modesDir, `${mode}.mode`), 'utf8')).map(([program = '', ...args]) => ({ program, args }));
  if (hasCrashingTagger(stock)) return undefined;
  // A blank line separates the texts and survives the chain; blank lines inside a text would not.
  const input = texts.map((text) => text.replace(/\s*\n\s*/g, ' ').trim() || '-').join('\n\n');
  // The input goes as a file: apertium's deformatter opens /dev/stdin, which fails on the socket Node gives a child.
  const dir = await mkdtemp(join(tmpdir(), 'translator-unknown-'));
  let output: string;
  try {
    await writeFile(join(dir, 'input.txt'), input);
    output = await run('apertium', ['-d', dirname(modesDir), mode, join(dir, 'input.txt')]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const parts = output.replace(/\s+$/, '').split(/\n\s*\n/);
  if (parts.length !== texts.length) return undefined;
  return parts.map((part) => [...part.matchAll(MARKED)].map((match) => match[1]!));
}

function run(program: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'ignore'], timeout: TIMEOUT_MS });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(new Error(`${program} exited with ${code}`)),
    );
  });
}
