// Figure (ARCHITECTURE.md): "128 KiB request, and 20 concurrent 20,000-character requests: every character
// translated, none dropped" (apertium-apy silently drops text after ~10 chunks). Against our translator:
// one request whose form body is just under 128 KiB, and 20 concurrent requests of 20,000 characters; each
// text is license paragraphs ending in a sentence with its own marker word. Each output must be non-empty,
// at least 0.8x its input in length, and carry the marker in its last 200 characters.
// Run: pnpm bench:translator:completeness   (BENCH_DATABASE_SERVER_URL as for the throughput figure)
import { fileURLToPath } from 'node:url';
import type { RunningServer } from '../lib/processes.js';
import { agent } from './client-load.js';
import { licenseParagraphs } from './corpus.js';
import { SERVICE_ENTRY, serviceBuilt, startTranslator, translateBody, translateWithService } from './service.js';

const MAX_BODY_BYTES = 128 * 1024;
const CONCURRENT = 20;
const CONCURRENT_CHARS = 20_000;
const MIN_LENGTH_RATIO = 0.8;
const MARKER_WINDOW = 200;
const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

// Paragraphs as a text would carry them: separated by blank lines. Long enough to cut any size from.
const paragraphs = licenseParagraphs();
const filler = (start: number) => [...paragraphs.slice(start), ...paragraphs.slice(0, start)].join('\n\n').repeat(2);

// Letters only: an unknown all-capitals word passes through the chain unchanged.
const marker = (index: number) => `ZQXJ${String.fromCharCode(65 + Math.floor(index / 26))}${String.fromCharCode(65 + (index % 26))}`;
const ending = (token: string) => `\n\nThe final marker is ${token}.`;

/** The longest filler prefix plus ending whose form body stays under `maxBytes` (encoding widths vary). */
function textUnderBody(token: string, maxBytes: number): string {
  const base = filler(0);
  let low = 0;
  let high = base.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (Buffer.byteLength(translateBody(base.slice(0, mid).trimEnd() + ending(token))) < maxBytes) low = mid;
    else high = mid - 1;
  }
  return base.slice(0, low).trimEnd() + ending(token);
}

/** Exactly `chars` characters, cut from the filler at a different paragraph for each request. */
function textOfLength(index: number, chars: number): string {
  const end = ending(marker(index));
  return filler((index * 37) % paragraphs.length).slice(0, chars - end.length) + end;
}

interface Case {
  label: string;
  text: string;
  token: string;
}

async function check(url: string, item: Case): Promise<string | undefined> {
  let output: string;
  try {
    output = await translateWithService(url, item.text, 300_000);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  const ratio = output.length / item.text.length;
  const tail = output.slice(-MARKER_WINDOW);
  console.log(
    `${item.label.padEnd(16)} in ${String(item.text.length).padStart(6)} chars, out ${String(output.length).padStart(6)} (${ratio.toFixed(2)}x), marker ${tail.includes(item.token) ? 'found' : 'MISSING'}`,
  );
  if (ratio < MIN_LENGTH_RATIO) return `output is only ${ratio.toFixed(2)}x the input`;
  if (!tail.includes(item.token)) return `marker ${item.token} is not in the last ${MARKER_WINDOW} characters: …${tail.slice(-80)}`;
  return undefined;
}

async function main(): Promise<void> {
  if (!serviceBuilt()) throw new Error(`translator not built: ${SERVICE_ENTRY} is missing (pnpm --filter ./services/translator build)`);
  let service: RunningServer | undefined;
  try {
    service = await startTranslator(`${resultsDir}translator-completeness.log`);
    const big: Case = { label: '128 KiB body', text: textUnderBody('ZQXJ', MAX_BODY_BYTES), token: 'ZQXJ' };
    console.log(
      `one request: form body ${Buffer.byteLength(translateBody(big.text))} bytes (limit ${MAX_BODY_BYTES}), text ${big.text.length} chars`,
    );
    const failures: string[] = [];
    const bigFailure = await check(service.url, big);
    if (bigFailure) failures.push(`${big.label}: ${bigFailure}`);

    console.log(`\n${CONCURRENT} concurrent requests of ${CONCURRENT_CHARS} chars`);
    const cases: Case[] = Array.from({ length: CONCURRENT }, (_, i) => ({
      label: `request ${i + 1}`,
      text: textOfLength(i, CONCURRENT_CHARS),
      token: marker(i),
    }));
    const started = Date.now();
    const results = await Promise.all(cases.map((item) => check(service!.url, item)));
    console.log(`all ${CONCURRENT} answered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    results.forEach((failure, i) => failure && failures.push(`${cases[i]!.label}: ${failure}`));

    if (failures.length) {
      console.log(`\nFAIL: ${failures.length} of ${CONCURRENT + 1} texts incomplete\n${failures.join('\n')}`);
      process.exitCode = 1;
    } else {
      console.log(`\nPASS: all ${CONCURRENT + 1} texts translated to the end`);
    }
  } finally {
    await service?.stop();
    agent.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
