// Document translation (issue 30): a 50-page docx through the service's POST /v2/document (upload,
// status polled every 50 ms, download) against Apertium's own docx path, `apertium -f docx eng-spa`
// (unzip, apertium-deswxml, the pair's chain, apertium-rewxml, zip), on the same file in the same run,
// rounds interleaved. Target: the service at least 0.8x Apertium's pages per second. Then the status
// endpoint under load: 16 clients polling one document's status while another large document translates.
// (`apertium -f wxml` takes the WordprocessingML XML itself, not a .docx: on a .docx it aborts with
// "Invalid UTF-8", so `-f docx`, which runs the same wxml deformatter on the unzipped parts, is the peer.)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { makeDocx, type Run } from '@workspace/translator/testing/document-fixtures';
import { median } from '../lib/scraper.js';
import { licenseParagraphs } from './corpus.js';
import { agent, postForm } from './client-load.js';
import { auth, download, uploadDocument, waitDone } from './document-client.js';
import { serviceBuilt, startTranslator } from './service.js';

const PAGES = 50;
const CHARS_PER_PAGE = Number(process.env.BENCH_CHARS_PER_PAGE ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const STATUS_SECONDS = Number(process.env.BENCH_STATUS_SECONDS ?? 10);
const STATUS_CLIENTS = 16;

/** 50 pages of license paragraphs, a page break every page, one bold run in every third paragraph. */
function fiftyPageDocx(): { data: Buffer; paragraphs: number; characters: number } {
  const paragraphs = licenseParagraphs();
  const body: Run[][] = [];
  let characters = 0;
  for (let index = 0; characters < PAGES * CHARS_PER_PAGE; index++) {
    const text = paragraphs[index % paragraphs.length]!;
    const words = text.split(' ');
    const runs: Run[] =
      index % 3 === 0 && words.length > 6
        ? [
            { text: `${words.slice(0, 3).join(' ')} ` },
            { text: words.slice(3, 5).join(' '), bold: true },
            { text: ` ${words.slice(5).join(' ')}` },
          ]
        : [{ text }];
    body.push(runs);
    characters += text.length;
  }
  const paragraphsPerPage = Math.max(1, Math.round(body.length / PAGES));
  return { data: makeDocx(body, [], paragraphsPerPage), paragraphs: body.length, characters };
}

function paragraphCount(docx: Buffer, dir: string): number {
  const file = join(dir, 'count.docx');
  writeFileSync(file, docx);
  const xml = execFileSync('unzip', ['-p', file, 'word/document.xml'], { maxBuffer: 256 * 1024 * 1024 }).toString('utf8');
  return (xml.match(/<w:p>/g) ?? []).length;
}

async function serviceRound(url: string, data: Buffer): Promise<{ seconds: number; output: Buffer }> {
  const started = performance.now();
  const handle = await uploadDocument(url, data, 'fifty-pages.docx');
  await waitDone(url, handle);
  const output = await download(url, handle);
  return { seconds: (performance.now() - started) / 1000, output };
}

function apertiumRound(input: string, output: string): { seconds: number; output: Buffer } {
  const started = performance.now();
  execFileSync('apertium', ['-f', 'docx', 'eng-spa', input, output]);
  return { seconds: (performance.now() - started) / 1000, output: readFileSync(output) };
}

async function statusUnderLoad(url: string, data: Buffer): Promise<{ requests: number; perSecond: number; p50: number; p99: number }> {
  const polled = await uploadDocument(url, Buffer.from('The house is big.'), 'small.txt');
  await waitDone(url, polled);
  // Keep the workers busy meanwhile: large documents queued one after another.
  let stop = false;
  const background = (async () => {
    while (!stop) {
      const handle = await uploadDocument(url, data, 'background.docx');
      await waitDone(url, handle);
      await download(url, handle);
    }
  })();
  const body = new URLSearchParams({ document_key: polled.document_key }).toString();
  const latencies: number[] = [];
  const deadline = performance.now() + STATUS_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: STATUS_CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const answer = await postForm(`${url}/v2/document/${polled.document_id}`, body, auth);
        if (answer.status !== 200) throw new Error(`status answered ${answer.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  stop = true;
  await background;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { requests: latencies.length, perSecond: latencies.length / STATUS_SECONDS, p50: at(0.5), p99: at(0.99) };
}

/** Jobs an interrupted earlier run left in the bench database would be translated during this one. */
async function forgetEarlierJobs(): Promise<void> {
  const databaseUrl = new URL(process.env.BENCH_DATABASE_SERVER_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  databaseUrl.pathname = '/translator_bench';
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
  await client.query('DELETE FROM document_jobs');
  await client.end();
}

async function main(): Promise<void> {
  if (!serviceBuilt()) throw new Error('run `pnpm build` first: the bench starts services/translator/dist/server.js');
  const dir = join(tmpdir(), 'bench-documents');
  mkdirSync(dir, { recursive: true });
  const docx = fiftyPageDocx();
  const input = join(dir, 'fifty-pages.docx');
  writeFileSync(input, docx.data);
  console.log(`50-page docx: ${docx.paragraphs} paragraphs, ${docx.characters} characters, ${docx.data.length} bytes`);

  const service = await startTranslator(join(dir, 'translator.log'), { APERTIUM_WARM_PAIRS: 'EN-ES' });
  try {
    await forgetEarlierJobs();
    // Warm-up: one document each (Node's JIT, the service's chains, the page cache for apertium's files).
    await serviceRound(service.url, docx.data);
    apertiumRound(input, join(dir, 'apertium-warm.docx'));
    const serviceSeconds: number[] = [];
    const apertiumSeconds: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const ours = await serviceRound(service.url, docx.data);
      const theirs = apertiumRound(input, join(dir, `apertium-${round}.docx`));
      if (paragraphCount(ours.output, dir) !== paragraphCount(docx.data, dir)) throw new Error('the service changed the paragraph count');
      if (paragraphCount(theirs.output, dir) !== paragraphCount(docx.data, dir))
        console.warn('apertium -f docx changed the paragraph count');
      serviceSeconds.push(ours.seconds);
      apertiumSeconds.push(theirs.seconds);
      console.log(
        `round ${round + 1}: service ${ours.seconds.toFixed(2)} s (${(PAGES / ours.seconds).toFixed(1)} pages/s), apertium -f docx ${theirs.seconds.toFixed(2)} s (${(PAGES / theirs.seconds).toFixed(1)} pages/s)`,
      );
    }
    const ratios = serviceSeconds.map((seconds, index) => apertiumSeconds[index]! / seconds);
    console.log(
      `median: service ${(PAGES / median(serviceSeconds)).toFixed(1)} pages/s, apertium ${(PAGES / median(apertiumSeconds)).toFixed(1)} pages/s; ratio per round ${ratios.map((r) => r.toFixed(2)).join(', ')}, median ${median(ratios).toFixed(2)}x (target 0.8x)`,
    );
    const status = await statusUnderLoad(service.url, docx.data);
    console.log(
      `status under load (${STATUS_CLIENTS} clients, ${STATUS_SECONDS} s, documents translating meanwhile): ${status.requests} requests, ${status.perSecond.toFixed(0)}/s, p50 ${status.p50.toFixed(1)} ms, p99 ${status.p99.toFixed(1)} ms`,
    );
  } finally {
    await service.stop();
    agent.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
